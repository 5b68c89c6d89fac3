import { z } from '../zod';

const text = z.string().nullish();

export const SelectComponentSetSchema = z.looseObject({
  defaultApi: text,
  selectApi: text,
});

export const SelectComponentExtendSetSchema = z.looseObject({
  name: z.string(),
  dataApi: text,
  selectApi: text,
  icon: text,
  isSelect: z.union([z.boolean(), z.number()]).nullish(),
  dataType: z.union([z.number(), z.string()]).nullish(),
  state: z.number().nullish(),
});

/** GET select-component/{id} and select-component/by-code?code=. */
export const SelectComponentSchema = z.looseObject({
  selectComponentSet: SelectComponentSetSchema.nullish(),
  selectComponentExtendSets: z.array(SelectComponentExtendSetSchema).nullish(),
  dataName: text,
  name: text,
  type: z.number().nullish(),
  dataType: z.union([z.number(), z.string()]).nullish(),
});

/** A selectable person or organisation level: { id, name, image, remark, type, disabled }. */
export const SelectablePersonSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  image: text,
  remark: text,
  type: z.number(),
  disabled: z.boolean().nullish(),
});

const people = z
  .array(SelectablePersonSchema)
  .nullish()
  .transform((list) => list ?? []);

const levels = z
  .array(z.looseObject({ id: z.string(), name: z.string() }))
  .nullish()
  .transform((list) => list ?? []);

/** A failed data call: result.error.message (SPEC point 7, 8). Checked first, so a failure needs no items. */
const FailedResultSchema = z
  .looseObject({ error: z.looseObject({ message: z.string().trim().min(1) }) })
  .transform((r) => ({ failed: true as const, message: r.error.message }));

const PageResultSchema = z
  .looseObject({
    items: people,
    childs: people,
    mains: levels,
    totalCount: z.number().nullish(),
  })
  .transform((r) => ({ failed: false as const, page: { items: r.items, childs: r.childs, mains: r.mains, totalCount: r.totalCount ?? null } }));

/** POST event-config/run for a selector: { result: { items, childs, mains, error } }. */
export const SelectorRunSchema = z.looseObject({
  result: z.union([FailedResultSchema, PageResultSchema]),
});
