import { num, optNum, list, idText, optText, z } from '../zod';

/** Answers of the to-do calls; loose objects, see infrastructure/session/schemas.ts. */

export const TodoFileSchema = z.looseObject({
  id: idText,
  name: z.string(),
  size: num,
  url: z.string(),
  objectName: optText,
});

/**
 * overTime is known to vary on the wire: a flag on some servers, the moment the item
 * went overdue (its deadline) or null on others (the sandbox). The domain reads it as
 * the server's "overdue" flag, so a non-blank time reads as true.
 */
const OverTimeSchema = z.pipe(
  z.nullish(z.union([z.boolean(), z.string()])),
  z.transform((v) => (typeof v === 'string' ? v.trim() !== '' : v)),
);

const CategoryTypeSchema = z.nullish(z.union([num, z.string()]));

/**
 * A to-do item (SPEC point 3). The spec names "category type and name" without wire
 * names: the domain calls them categoryType / categoryName; servers that key categories
 * by the item's `type` send the name as `typeName` (the sandbox does), so those fill
 * the domain's names when the domain's own are absent.
 */
export const TodoItemSchema = z.pipe(
  z.looseObject({
    id: idText,
    name: z.string(),
    matterDescribe: optText,
    endTime: optText,
    creationTime: optText,
    todoTime: optText,
    overTime: OverTimeSchema,
    isTimeout: z.nullish(z.boolean()),
    executeName: optText,
    type: optNum,
    data: optText,
    remindNum: optNum,
    files: z.nullish(z.array(TodoFileSchema)),
    categoryType: CategoryTypeSchema,
    categoryName: optText,
    typeName: optText,
    noReadNum: optNum,
  }),
  z.transform((item) => ({
    ...item,
    categoryType: item.categoryType ?? item.type ?? null,
    categoryName: item.categoryName ?? item.typeName ?? null,
  })),
);

export const TodoPageSchema = z.looseObject({
  items: list(TodoItemSchema),
  totalCount: num,
});

export const TodoTabSchema = z.looseObject({
  name: z.string(),
  noReadNum: num,
  type: num,
});

export const TodoTabListSchema = list(TodoTabSchema);

export const TodoCategorySchema = z.looseObject({
  type: z.union([num, z.string()]),
  name: z.string(),
});

export const TodoCategoryListSchema = list(TodoCategorySchema);
