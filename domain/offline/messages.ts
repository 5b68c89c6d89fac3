/** The outbox's words (an entry's state in 我的 → 待发送). */
export const OUTBOX_WAITING = '待发送';
export const OUTBOX_SENDING = '发送中';
export const OUTBOX_SENT = '已发送';
export const OUTBOX_FAILED = '发送失败';
/** After a pass: how many waiting actions went. */
export const outboxSent = (count: number): string => `${count} 项待发送的操作已发送`;
/** An entry the server refused: what it was and why. */
export const outboxRefused = (label: string, reason: string | null): string => (reason ? `${label}：${reason}` : `${label}：${OUTBOX_FAILED}`);
