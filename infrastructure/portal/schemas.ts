import { num, list, idText, optText, z } from '../zod';
import { FlowRunListItemSchema } from '../approval/schemas';

/** Answers of the portal calls; loose objects, see infrastructure/session/schemas.ts. */

export const PortalWidgetSchema = z.looseObject({
  code: z.string(),
  x: num,
  y: num,
  w: num,
  h: num,
});

export const PortalLayoutSchema = z.looseObject({
  v: z.union([z.string(), num]),
  platform: optText,
  widgets: list(PortalWidgetSchema),
});

/**
 * home-page/user: an empty body (axios gives '' or nothing) means no config. Some
 * deployments store the layout as JSON text, so a non-empty string body is decoded
 * first (the domain's parsePortalConfig accepts both for the same reason); text that is
 * not JSON stays a string and fails the parse.
 * zod/mini has no preprocess; classic's is exactly this pipe (a transform feeding the schema).
 */
export const PortalLayoutAnswerSchema = z.pipe(
  z.transform((body: unknown): unknown => {
    if (body === '' || body === null || body === undefined) return null;
    if (typeof body === 'string') {
      try {
        return JSON.parse(body) as unknown;
      } catch {
        return body;
      }
    }
    return body;
  }),
  z.nullable(PortalLayoutSchema),
);

export const WidgetInfoSchema = z.looseObject({
  code: z.string(),
  state: num,
  url: optText,
  id: optText,
});

export const WidgetInfoListSchema = list(WidgetInfoSchema);

export const CarouselImageSchema = z.looseObject({
  id: idText,
  imageAddress: z.string(),
  imageName: optText,
  jumpAddress: optText,
});

export const CarouselListSchema = list(CarouselImageSchema);

/** The OA widget's flow runs are the approval list's items (SPEC point 3). */
export const OaWidgetPageSchema = z.looseObject({
  list: list(FlowRunListItemSchema),
  waiting: num,
  receive: num,
});
