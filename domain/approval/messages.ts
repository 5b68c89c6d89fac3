/**
 * Every string the approval screens show, word for word from SPEC.md.
 * Strings the spec leaves open are marked "decided".
 */

// Flow state badge (SPEC point 4) and detail stamps
export const STATE_APPROVING = '审批中';
export const STATE_APPROVED = '审批通过';
export const STATE_REJECTED = '审批不通过';
export const STATE_REVOKED = '已撤销';
export const STATE_RETURNED = '已退回';

// History detail status (SPEC point 4, History node state)
export const DETAIL_HANDLING = '办理中';
export const DETAIL_AGREED = '已同意';
export const DETAIL_REFUSED = '已拒绝';
export const DETAIL_RETURNED = '已退回';
export const DETAIL_NOT_NEEDED = '无需办理';
export const DETAIL_PENDING = '待办';
export const DETAIL_REVOKED = '已撤销';
export const DETAIL_COPIED = '抄送';
export const COPY_GROUP_TITLE = '抄送';
export const COPY_READ = '已读';
export const COPY_UNREAD = '未读';
export const APPROVER_NOT_FOUND = '（未找到审批人）';

// Mode types
export const MODE_SEQUENTIAL = '依次审批';
export const MODE_ALL_SIGN = '会签';
export const MODE_ANY_SIGN = '或签';

// Detail footer
export const BUTTON_REVOKE = '撤销';
export const BUTTON_SUBMIT = '提交';
export const BUTTON_MORE = '更多';
export const BUTTON_REJECT = '拒绝';
export const BUTTON_AGREE = '同意';
export const BUTTON_RETURN = '退回';

// List
export const TAB_TODO = '我的待办';
export const TAB_RECEIVED = '我收到的';
export const TAB_HANDLED = '已办理';
export const TAB_INITIATED = '已发起';
export const ONLY_UNREAD = '仅看未读';
export const MARK_ALL_READ = '全部标记为已读';
export const REVOKE_APPLICATION = '撤销申请';
/** Decided: the card buttons reuse the detail page's words. */
export const CARD_APPROVE = BUTTON_AGREE;
export const CARD_REJECT = BUTTON_REJECT;
export const OPERATION_SUCCESS = '操作成功';
export const SAVE_SUCCESS = '保存成功';

// Revoke confirmation
export const REVOKE_CONFIRM_TITLE = '确认撤销';
export const REVOKE_CONFIRM_CONTENT = '此操作将撤销当前流程！';
export const REVOKE_SUCCESS = '撤销成功';

// Launch and configuration errors
export const NO_APPROVAL_FLOW = '未开通审批流程';
export const APP_CONFIG_ERROR = '应用配置有误，请联系管理员';

// Filter popup
export const FILTER_TITLE = '筛选';
export const FILTER_STATE = '状态';
export const FILTER_FLOW = '流程';
export const FILTER_USER_TYPE = '用户类型';
export const FILTER_INITIATOR = '发起人';
export const FILTER_TITLE_OR_NUMBER = '标题/流水号';
export const FILTER_FORM_FIELD = '表单字段';
export const FILTER_CREATED_START = '发起开始时间';
export const FILTER_CREATED_END = '发起结束时间';
export const FILTER_OVER_START = '完成开始时间';
export const FILTER_OVER_END = '完成结束时间';
export const FILTER_RESET = '重置';
export const FILTER_QUERY = '查询';
export const CHOOSE_USER_TYPE_FIRST = '请先选择用户类型';
/** Decided: the popup's code could not be downloaded when 筛选 was tapped (the shared 加载失败). */
export const FILTER_LOAD_FAILED = '加载失败';

// Approval action screen
export const ACTION_TITLE_AGREE = '同意';
export const ACTION_TITLE_REJECT = '拒绝';
export const ACTION_TITLE_RETURN = '退回';
export const CONFIRM_AGREE = '确认同意';
export const CONFIRM_REJECT = '确认拒绝';
export const CONFIRM_RETURN = '确认退回';
export const RETURN_STEP_REQUIRED = '请选择退回节点！';
export const OPINION_REQUIRED = '请填写审批意见！';
export const NO_NEXT_NODES = '无符合条件的办理节点，请确认流程设置是否正确';

// Next-step chooser
export const NEXT_STEP_TITLE = '选择下一步骤';
export const HANDLERS_TITLE = '审批人';
export const COPY_RECIPIENTS_TITLE = '抄送人';
export const CONFIRM_SUBMIT = '确认提交';
export const HANDLER_REQUIRED = '请选择审批人';
export const NO_ELIGIBLE_HANDLERS = '无符合条件的人员，请联系管理员查看流程设置！';

// Signature sheet
export const SIGNATURE_HINT = '请在此处签名';
export const SIGNATURE_CLEAR = '清除签名';
export const SIGNATURE_DONE = '完成';

// Flow launch
export const REMINDER_DEFAULT_TITLE = '提示';
export const REMINDER_DEFAULT_CLOSE = '关闭';
/** Decided: how the close button counts down, e.g. 关闭（5s）. */
export const reminderCountdownLabel = (closeText: string, seconds: number): string =>
  `${closeText}（${seconds}s）`;
export const LAUNCH_TAB_FORM = '发起申请';
export const LAUNCH_TAB_CHART = '查看流程';
export const BUTTON_SAVE_DRAFT = '保存草稿';
export const BUTTON_LAUNCH_SUBMIT = '提交';

// Launchable flow list
export const FLOW_SEARCH_PLACEHOLDER = '搜索';
