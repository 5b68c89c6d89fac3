/**
 * Presentation-only strings of the approval screens. The spec's own strings (tabs,
 * buttons, states, confirmations, errors) live in domain/approval/messages.ts; these
 * name what the spec shows without words.
 */
export const APPROVAL_CENTER_TITLE = '审批中心';
export const FLOW_LIST_TITLE = '发起审批';
export const FLOW_LAUNCH_TITLE = '发起申请';
export const SELECT_NODE_TITLE = '提交审批';
export const FLOW_APPROVAL_TITLE = '审批详情';
export const SEARCH_TITLE_PLACEHOLDER = '搜索标题';
export const ADD_APPLICATION = '发起审批';
export const NO_RUNS = '暂无审批';
export { NO_MORE } from '../shared/strings';
export const NO_FLOWS = '暂无可发起的流程';
export const NO_SEARCH_RESULT = '暂无搜索结果';
export const UNREAD = '未读';
export const PLEASE_SELECT = '请选择';
export const PLEASE_INPUT = '请输入';
export const ALL = '全部';
export const FORM_FIELD_PLACEHOLDER = '字段内容，或 字段=内容';
export const CLEAR = '清除';
export const FILTER_ACTIVE = '已筛选';
export const VIEW_CHART = '流程图';
export const HISTORY_TITLE = '审批记录';
export const FORM_TITLE = '申请内容';
export const INITIATED_AT = '提交于';
export const SIGNATURE_ALT = '签名';
/** Time a step took, as the server words it (e.g. 2小时5分). */
export const TIME_COST = (cost: string | number): string => `耗时 ${cost}`;
export const PEOPLE_COUNT = (n: number): string => `${n}人`;
export const OPINION_TITLE = '审批意见';
export const OPINION_PLACEHOLDER = '请输入审批意见';
export const QUICK_OPINIONS_TITLE = '常用意见';
export const ATTACHMENTS_TITLE = '附件';
export const ADD_ATTACHMENT = '添加附件';
export const RETURN_STEP_TITLE = '退回至';
export const ADD_PERSON = '添加';
export const REMOVE_PERSON = (name: string): string => `移除 ${name}`;
export const PRESET_RECIPIENT = '预设';
export const AUTO_NODE = '系统自动办理';
export const END_NODE = '流程将结束';
export const SIGN_TITLE = '手写签名';
export const SIGN_FULLSCREEN = '全屏签名';
export const SIGN_CONFIRM = '确认签名';
export const SIGN_REQUIRED_NOTE = '该步骤需要手写签名';
export const CHART_LOADING = '流程图加载中…';
export const CHART_FAILED = '流程图加载失败';
export const CHART_UNHANDLED = '未办理';
export const REQUIRED_MARK = '*';
export const RETURNED_ICON_TEXT = '退回';
export const SESSION_GONE = '提交信息已失效，请返回重新提交';
/** 批量处理 in 我的待办 (the rules and the messages the model tells: domain/approval/batch.ts). */
export const BATCH_MODE = '批量处理';
export const BATCH_EXIT = '完成';
export const BATCH_AGREE = '批量同意';
export const BATCH_REJECT = '批量拒绝';
export const BATCH_SELECT_ALL = '全选';
export const BATCH_RESULT_TITLE = '处理结果';
export const BATCH_RESULT_OK = '知道了';
export const BATCH_CHOOSE = (title: string): string => `选择 ${title}`;
export const batchChosenText = (count: number): string => `已选${count}条`;
export const batchConfirmTitle = (action: 'approve' | 'reject', count: number): string =>
  `${action === 'approve' ? BATCH_AGREE : BATCH_REJECT}（${count}条）`;
export const batchProgressText = (done: number, total: number): string => `正在处理 ${done}/${total}`;
