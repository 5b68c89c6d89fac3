/** The outbox's words (an entry's state in 我的 → 待发送). */
export const OUTBOX_WAITING = '待发送';
export const OUTBOX_SENDING = '发送中';
export const OUTBOX_SENT = '已发送';
export const OUTBOX_FAILED = '发送失败';
