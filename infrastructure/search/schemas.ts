import { num, list, idText, optText, z } from '../zod';
import { TodoItemSchema } from '../todo/schemas';

/** Answer of menu/home-search; loose objects, see infrastructure/session/schemas.ts. */

export const SearchAppSchema = z.looseObject({
  id: idText,
  code: optText,
  name: z.string(),
  iconImage: optText,
  content: optText,
  useAppType: num,
});

/**
 * The spec shows menu entries without fields and no screen reads them, so they pass
 * as they come. To-dos are the to-do list's items (same wire shape).
 */
export const SearchResultSchema = z.looseObject({
  menu: list(z.unknown()),
  useApp: list(SearchAppSchema),
  todoMatter: list(TodoItemSchema),
});
