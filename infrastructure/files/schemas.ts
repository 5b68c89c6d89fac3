import { list, z } from '../zod';

/** GET stored-file/file-type: [{ suffix, suffixMsg }]. */
export const FileTypeEntrySchema = z.looseObject({
  suffix: z.string(),
  suffixMsg: z.string(),
});
export const FileTypesSchema = list(FileTypeEntrySchema);

/**
 * POST stored-file/file-type-view: the previewable extensions as one comma-separated
 * string (SPEC point 7). An empty body (null) means none.
 */
export const PreviewableSchema = z.nullable(z.string());

/**
 * GET online-view / online-edit answer the address as the body (CONTRACT.md). An empty
 * body or an empty string is a missing address, which the caller only logs.
 */
export const OnlineUrlSchema = z.pipe(
  z.union([z.string(), z.null(), z.undefined()]),
  z.transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)),
);
