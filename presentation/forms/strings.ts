/**
 * Presentation-only strings of the form renderer. The spec's own strings (validation,
 * restore and load failures, 提示 / 关闭, '-') live in domain/forms/messages.ts; these
 * are the decided words of controls the spec names without labels.
 */
export const PLACEHOLDER_INPUT = '请输入';
export const PLACEHOLDER_SELECT = '请选择';
export const PREV_STEP = '上一步';
export const NEXT_STEP = '下一步';
export const CONFIRM = '确定';
export const CANCEL = '取消';
export const SAVE = '保存';
export const EDIT = '编辑';
export const DELETE = '删除';
export const ADD = '添加';
export const RETRY = '重试';
export const UPLOADING = '上传中';
export const CHOOSE = '选择';
export const DECREASE = '减少';
export const INCREASE = '增加';
export const RANGE_START = '开始时间';
export const RANGE_END = '结束时间';
export const UPLOAD_IMAGE = '上传图片';
export const UPLOAD_FILE = '上传文件';
export const NEW_DOCUMENT = '新建文档';
export const DOCUMENT_TYPE = '文件类型';
export const DOCUMENT_NAME = '文件名称';
export const DOCUMENT_NAME_PLACEHOLDER = '请输入文件名称';
export const CREATE = '创建';
export const NO_ROWS = '暂无数据';
export const PREVIEW = '预览';
export const REMOVE_ITEM = '移除';
/** Row heading in a subform: 第{n}行. */
export const ROW_TITLE = '第{n}行';
/** The reminder's close button while it counts down: {text}（{n}s）. */
export const COUNTDOWN = '{text}（{n}s）';
/** Text shown while options load. */
export const LOADING_OPTIONS = '加载中…';
export const NO_OPTIONS = '暂无选项';
export const IFRAME_TITLE = '嵌入页面';
