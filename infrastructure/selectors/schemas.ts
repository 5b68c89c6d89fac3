import { num, optNum, idText, z } from '../zod';

const text = z.nullish(z.string());

export const SelectComponentSetSchema = z.looseObject({
  defaultApi: text,
  selectApi: text,
});

export const SelectComponentExtendSetSchema = z.looseObject({
  name: z.string(),
  dataApi: text,
  selectApi: text,
  icon: text,
  isSelect: z.nullish(z.union([z.boolean(), num])),
  dataType: z.nullish(z.union([num, z.string()])),
  state: optNum,
});

/** GET select-component/{id} and select-component/by-code?code=. */
export const SelectComponentSchema = z.looseObject({
  selectComponentSet: z.nullish(SelectComponentSetSchema),
  selectComponentExtendSets: z.nullish(z.array(SelectComponentExtendSetSchema)),
  dataName: text,
  name: text,
  type: optNum,
  dataType: z.nullish(z.union([num, z.string()])),
});

/** A selectable person or organisation level: { id, name, image, remark, type, disabled }. */
export const SelectablePersonSchema = z.looseObject({
  id: idText,
  name: z.string(),
  image: text,
  remark: text,
  type: num,
  disabled: z.nullish(z.boolean()),
});

const people = z.pipe(
  z.nullish(z.array(SelectablePersonSchema)),
  z.transform((list) => list ?? []),
);

const levels = z.pipe(
  z.nullish(z.array(z.looseObject({ id: idText, name: z.string() }))),
  z.transform((list) => list ?? []),
);

/** A failed data call: result.error.message (SPEC point 7, 8). Checked first, so a failure needs no items. */
const FailedResultSchema = z.pipe(
  // trim is an overwrite check, so the length is checked on the trimmed text and the trimmed text is kept.
  z.looseObject({ error: z.looseObject({ message: z.string().check(z.trim(), z.minLength(1)) }) }),
  z.transform((r) => ({ failed: true as const, message: r.error.message })),
);

const PageResultSchema = z.pipe(
  z.looseObject({
    items: people,
    childs: people,
    mains: levels,
    totalCount: optNum,
  }),
  z.transform((r) => ({ failed: false as const, page: { items: r.items, childs: r.childs, mains: r.mains, totalCount: r.totalCount ?? null } })),
);

/** POST event-config/run for a selector: { result: { items, childs, mains, error } }. */
export const SelectorRunSchema = z.looseObject({
  result: z.union([FailedResultSchema, PageResultSchema]),
});
