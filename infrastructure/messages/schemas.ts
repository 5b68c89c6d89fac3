import { num, list, idText, optText, z } from '../zod';

/** Answers of the message-centre calls; loose objects, see infrastructure/session/schemas.ts. */

export const MessageTabSchema = z.looseObject({
  id: idText,
  name: z.string(),
  noReadNum: num,
  msgContext: optText,
  msgDateTime: optText,
});

export const MessageTabGroupSchema = z.looseObject({
  name: z.string(),
  messageEventAppTabsDtos: list(MessageTabSchema),
});

export const MessageTabGroupListSchema = list(MessageTabGroupSchema);

/**
 * `data` is JSON text on the wire (SPEC point 3). A server that sends the object itself
 * is read too: it is turned back into text, the one form the domain's parseNoticeData
 * and the Notice type promise.
 */
const NoticeDataSchema = z.pipe(
  z.nullish(z.union([z.string(), z.looseObject({})])),
  z.transform((d) => (d !== null && typeof d === 'object' ? JSON.stringify(d) : d)),
);

export const NoticeSchema = z.looseObject({
  id: idText,
  title: z.string(),
  context: optText,
  realitySendTime: optText,
  linkUrl: optText,
  data: NoticeDataSchema,
});

export const NoticePageSchema = z.looseObject({
  items: list(NoticeSchema),
  totalCount: num,
});
