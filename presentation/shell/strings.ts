/** Presentation-only strings of the shell pages (decided; the spec names none of these). */
export const INVALID_ADDRESS = '链接地址无效';
export const INVALID_ADDRESS_HINT = '仅支持打开 http 或 https 地址';
export const VERSION_LABEL = '版本';
export const CORE_VERSION_LABEL = '内核版本';
export const CALL_SUPPORT = '拨打电话';
export const GOT_IT = '我知道了';
export const COPYRIGHT = '© 未来校园';
/** Above a page of another site in the web view: whose page it is, and a way out of the frame. */
export const FOREIGN_PAGE_NOTE = '外部网页';
export const OPEN_IN_BROWSER = '在浏览器中打开';
