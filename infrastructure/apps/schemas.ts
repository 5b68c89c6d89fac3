import { num, list, idText, optText, z } from '../zod';

/** Answers of the application calls; loose objects, see infrastructure/session/schemas.ts. */

export const AppSchema = z.looseObject({
  id: idText,
  name: z.string(),
  iconUrl: optText,
  iconName: optText,
  iconImage: optText,
  content: optText,
  code: optText,
  useAppType: num,
});

export const AppGroupSchema = z.looseObject({
  id: idText,
  name: z.string(),
  useAppTree: list(AppSchema),
});

/** The spec reads useList; commonList is absent for users without common apps on some servers. */
export const AppListsSchema = z.looseObject({
  commonList: z.nullish(z.array(AppGroupSchema)),
  useList: z.nullish(z.array(AppGroupSchema)),
});
