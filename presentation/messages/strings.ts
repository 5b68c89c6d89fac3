/**
 * Presentation-only strings of the message screens. The spec gives 消息中心 and
 * 确认标记所有消息为已读？ (domain/messages/messages.ts); these are the decided rest.
 */
export { MARK_ALL_READ_LABEL } from '../../domain/messages/messages';
export const NO_MESSAGES = '暂无消息';
export const NO_NOTICES = '暂无通知';
export { NO_MORE } from '../shared/strings';
export const LOADING_MORE = '加载中';
export const VIEW_DETAILS = '查看详情';
export const NOTICE_DEFAULT_TITLE = '通知';
