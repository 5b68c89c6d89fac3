import { num, list, z } from '../zod';
import type { RegionNode } from '../../domain/forms/types';

/** GET dictionary/drop-down-list?code=: [{ id, name }] (ids are text or numbers on real servers). */
export const DictionaryEntrySchema = z.looseObject({
  id: z.union([z.string(), num]),
  name: z.string(),
});
export const DictionarySchema = list(DictionaryEntrySchema);

/** GET area/cascader: region nodes { name, code, leve, children }, nested. */
export const RegionNodeSchema: z.ZodMiniType<RegionNode> = z.lazy(() =>
  z.looseObject({
    name: z.string(),
    code: z.string(),
    leve: z.optional(num),
    // A leaf may carry null instead of an empty list.
    children: z.pipe(
      z.nullish(z.array(RegionNodeSchema)),
      z.transform((c) => c ?? undefined),
    ),
  }),
) as unknown as z.ZodMiniType<RegionNode>;
export const RegionsSchema = list(RegionNodeSchema);

/**
 * POST event-config/run answers `{ result }` (CONTRACT.md): the result is whatever the
 * configured event computes (a value, a list or a page), read by the domain mappers.
 */
export const EventRunSchema = z.looseObject({ result: z.unknown() });

/** POST stored-file/new-files: the stored file (docs/decided-calls.md). */
export const NewDocumentSchema = z.looseObject({
  url: z.string(),
  fileName: z.string(),
  size: num,
  userFileId: z.string(),
  domain: z.nullish(z.string()),
  path: z.nullish(z.string()),
});
