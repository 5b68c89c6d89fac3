/** User-visible strings of the messages context, word for word from SPEC.md. */
export const MESSAGE_CENTRE_TITLE = '消息中心';
export const MARK_ALL_READ_CONFIRM = '确认标记所有消息为已读？';
/** The message tab's 全部已读 (decided: the spec names the action, not its label); also its line under 我的 → 待发送. */
export const MARK_ALL_READ_LABEL = '全部已读';

/**
 * The message centre's app tabs are drawn this many rows at a time (groups whole), the next
 * step when the end of what is drawn comes within a screen: a backend may send thousands.
 */
export const MESSAGE_TABS_PER_STEP = 30;
