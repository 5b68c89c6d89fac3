/** The outbox's words (an entry's state in 我的 → 待发送). */
export const OUTBOX_WAITING = '待发送';
export const OUTBOX_SENDING = '发送中';
export const OUTBOX_SENT = '已发送';
export const OUTBOX_FAILED = '发送失败';
/** After a pass: how many waiting actions went. */
export const outboxSent = (count: number): string => `${count} 项待发送的操作已发送`;
/** An entry the server refused: what it was and why. */
export const outboxRefused = (label: string, reason: string | null): string => (reason ? `${label}：${reason}` : `${label}：${OUTBOX_FAILED}`);
/** 我的 → 待发送: the row, the page's title, and an empty list. */
export const OUTBOX_TITLE = '待发送';
export const OUTBOX_EMPTY = '没有待发送的操作';
export const OUTBOX_HINT = '没有网络时的操作保存在这里，联网后按顺序自动发送';
/** An action taken without a network, kept on the device. */
export const OUTBOX_QUEUED = '网络不可用，已存入待发送，联网后自动发送';
/** An attachment picked without a network: kept on the phone, it goes up with the action (the row's words). */
export const UPLOAD_WAITING = '待上传';
/** 批量处理: a run whose action already waits in the outbox is not chosen again. */
export const BATCH_RUN_KEPT = '此审批已存入待发送';
/** An entry's buttons. */
export const OUTBOX_RETRY = '重试';
export const OUTBOX_GIVE_UP = '放弃';
export const OUTBOX_GIVE_UP_TITLE = '放弃发送';
export const OUTBOX_GIVE_UP_CONFIRM = '放弃后这项操作不会再发送，确定放弃吗？';
export const OUTBOX_COPY = '复制意见';
export const OUTBOX_COPIED = '已复制';
export const OUTBOX_OPINION = '意见';
/** A card whose action waits in the outbox. */
export const OUTBOX_CARD_TAG = '待发送';
/** What an entry is, in its list and its messages: the run's or the to-do's title and the action. */
export const outboxLabel = (title: string, action: string): string => `${title}（${action}）`;
/** The offline banner with entries waiting, and how old the data drawn from the device is ('MM-DD HH:mm'). */
export const offlineWithPending = (banner: string, count: number, updatedAt: string | null = null): string =>
  [count > 0 ? `${banner}，${count} 项待发送` : banner, updatedAt ? dataUpdatedAt(updatedAt) : null].filter(Boolean).join(' · ');
/** When the data drawn from the device (no network) was last fetched. */
export const dataUpdatedAt = (at: string): string => `更新于 ${at}`;
/** Logging out with entries not sent. */
export const OUTBOX_LOGOUT_TITLE = '有操作未发送';
export const outboxLogoutWarning = (count: number): string => `还有 ${count} 项待发送的操作，退出登录后它们将被删除，不会再发送。确定退出吗？`;
/** A new version of the app is downloaded and waits (the main tabs offer it). */
export const APP_UPDATE_READY = '新版本可用';
export const APP_UPDATE_APPLY = '更新';

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * A recent time, short (更新于): HH:mm on the day of `now`, else MM-DD HH:mm, in the
 * phone's time zone; '' for no time. Plain Date, not dayjs: the banner is on every page,
 * the login page's included.
 */
export function formatShortDateTime(at: number, now: number = Date.now()): string {
  const d = new Date(at);
  if (!Number.isFinite(at) || Number.isNaN(d.getTime())) return '';
  const n = new Date(now);
  const time = `${two(d.getHours())}:${two(d.getMinutes())}`;
  const sameDay = d.getFullYear() === n.getFullYear() && d.getMonth() === n.getMonth() && d.getDate() === n.getDate();
  return sameDay ? time : `${two(d.getMonth() + 1)}-${two(d.getDate())} ${time}`;
}
