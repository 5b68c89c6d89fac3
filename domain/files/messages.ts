/**
 * User-visible strings of the files context. Those from SPEC.md are word for word;
 * the rename messages are decided (the spec gives the rule, not the words).
 */
export const RENAME_TITLE = '修改文件名';
export const DOWNLOAD_FILE = '下载文件';
export const DELETE_CONFIRM_TITLE = '确认删除';
export const DELETE_CONFIRM_CONTENT = '是否删除此文件？';
export const PREVIEW_UNSUPPORTED = '暂不支持预览';
export const UPLOAD_FAILED = '上传失败';
export const DELETE_SUCCESS = '删除成功';

/** Decided: empty or not a string. */
export const FILE_NAME_REQUIRED = '请输入文件名';
/** Decided: only whitespace. */
export const FILE_NAME_BLANK = '文件名不能为空';
/** Decided: more than 40 characters. */
export const FILE_NAME_TOO_LONG = '文件名不能超过40个字符';

/** Decided: page/file without an address it can offer (not http(s)). */
export const NO_FILE_ADDRESS = '文件地址无效';
