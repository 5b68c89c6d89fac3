/**
 * Presentation-only strings of the files screens. The spec's own strings (修改文件名,
 * 下载文件, 确认删除, 是否删除此文件？, 删除成功, 暂不支持预览, 上传失败) live in
 * domain/files/messages.ts; these are the decided ones the spec leaves unnamed.
 */
export const FILE_PAGE_TITLE = '文件详情';
export const PREVIEW_PAGE_TITLE = '文件预览';
export const EDIT_PAGE_TITLE = '在线编辑';
export const ONLINE_EDIT = '在线编辑';
export const DELETE_FILE = '删除';
export const MORE_ACTIONS = '更多操作';
export const UPLOADING = '上传中';
export const RETRY_UPLOAD = '重试';
export const FILE_NAME_LABEL = '文件名';
export const NO_FILES = '暂无文件';
export const NO_PREVIEW_ADDRESS = '暂无可显示的内容';
export const LOAD_FAILED_RETRY = '重新加载';
