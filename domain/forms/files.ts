import type { Message } from '../shared/result';
import { own } from '../shared/guards';
import {
  DOCUMENT_CHECK_STATUS,
  DOCUMENT_MAX_COUNT,
  DOCUMENT_NAME_BLANK,
  DOCUMENT_NAME_REQUIRED,
  DOCUMENT_NAME_TOO_LONG,
  DOCUMENT_REQUIRED,
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TYPE_REQUIRED,
  EXTENSION_SEPARATOR,
  FILE_CHECK_STATUS,
  FILE_FORMAT,
  FILE_MAX_COUNT,
  FILE_REQUIRED,
  FILE_TOO_LARGE,
  IMAGE_CHECK_STATUS,
  IMAGE_FORMAT,
  IMAGE_HEIGHT_EXACT,
  IMAGE_HEIGHT_MAX,
  IMAGE_MAX_COUNT,
  IMAGE_REQUIRED,
  IMAGE_TOO_LARGE,
  IMAGE_WIDTH_EXACT,
  IMAGE_WIDTH_MAX,
  fillMessage,
} from './messages';
import { FILE_KINDS, type FieldDefinition, type FileKind } from './types';

export type FileFieldType = 'image' | 'file' | 'document';

/**
 * Extensions of each file kind. The spec says the lists exist but does not show
 * them (SPEC point 5); these are the decided contents.
 */
export const KIND_EXTENSIONS: Readonly<Record<FileKind, readonly string[]>> = Object.freeze({
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'],
  media: ['mp4', 'mov', 'avi', 'wmv', 'flv', 'mkv', 'webm', 'm4v', '3gp', 'mpg', 'mpeg'],
  doc: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt', 'wps', 'csv', 'rtf', 'odt', 'ods', 'odp'],
  zip: ['zip', 'rar', '7z', 'tar', 'gz'],
});

const MIME_KIND: Readonly<Record<string, FileKind>> = Object.freeze({
  'image/*': 'image',
  'video/*': 'media',
});

const isKind = (s: string): s is FileKind => (FILE_KINDS as readonly string[]).includes(s);

/** Lowercase extension without the dot, or '' when the name has none. */
export const fileExtension = (name: unknown): string => {
  if (typeof name !== 'string') return '';
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * The accepted extensions (lowercase, no dot, unique) from an `accept` attribute:
 * a list or a comma-separated string of extensions ('.pdf' or 'pdf'), kinds
 * (image, media, doc, zip) or 'image/*' / 'video/*'. Empty means any extension.
 */
export const acceptedExtensions = (accept: unknown): string[] => {
  const items = Array.isArray(accept) ? accept : typeof accept === 'string' ? accept.split(',') : [];
  const out = new Set<string>();
  for (const raw of items) {
    if (typeof raw !== 'string') continue;
    const item = raw.trim().toLowerCase();
    const kind = isKind(item) ? item : own(MIME_KIND, item);
    if (kind) for (const e of KIND_EXTENSIONS[kind]) out.add(e);
    else {
      const ext = item.replace(/^\*?\./, '');
      if (/^[a-z0-9]+$/.test(ext)) out.add(ext);
    }
  }
  return [...out];
};

/** Accepted extensions of a file field: an image field without `accept` takes the image kind; any other, any extension. */
export const fieldExtensions = (field: Pick<FieldDefinition, 'type' | 'accept'>): string[] => {
  const listed = acceptedExtensions(field.accept);
  if (listed.length > 0) return listed;
  return field.type === 'image' ? [...KIND_EXTENSIONS.image] : [];
};

/** The `accept` attribute of a file input for the field ('.jpg,.png'), or '' for any. */
export const inputAccept = (field: Pick<FieldDefinition, 'type' | 'accept'>): string =>
  fieldExtensions(field)
    .map((e) => `.${e}`)
    .join(',');

const MESSAGES: Readonly<
  Record<FileFieldType, { checkStatus: string; required: string; tooLarge: string; maxCount: string; format: string }>
> = Object.freeze({
  file: {
    checkStatus: FILE_CHECK_STATUS,
    required: FILE_REQUIRED,
    tooLarge: FILE_TOO_LARGE,
    maxCount: FILE_MAX_COUNT,
    format: FILE_FORMAT,
  },
  image: {
    checkStatus: IMAGE_CHECK_STATUS,
    required: IMAGE_REQUIRED,
    tooLarge: IMAGE_TOO_LARGE,
    maxCount: IMAGE_MAX_COUNT,
    format: IMAGE_FORMAT,
  },
  document: {
    checkStatus: DOCUMENT_CHECK_STATUS,
    required: DOCUMENT_REQUIRED,
    tooLarge: DOCUMENT_TOO_LARGE,
    maxCount: DOCUMENT_MAX_COUNT,
    format: FILE_FORMAT,
  },
});

const fileTypeOf = (type: unknown): FileFieldType =>
  type === 'image' || type === 'document' ? type : 'file';

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

export const BYTES_PER_MB = 1024 * 1024;

/** What is known of a picked file before (or after) upload. */
export interface PickedFile {
  name: string;
  /** Bytes. */
  size?: number;
  /** Images: natural pixel size, when measured. */
  width?: number;
  height?: number;
}

/**
 * The rule a single file breaks, checked when it is picked and again on submit:
 * format (accept), size (MB attribute compared in bytes), then image dimensions.
 */
export const checkFile = (field: FieldDefinition, picked: PickedFile): Message => {
  const file: Partial<PickedFile> = typeof picked === 'object' && picked !== null ? picked : {};
  const type = fileTypeOf(field.type);
  const m = MESSAGES[type];
  const exts = fieldExtensions({ type, accept: field.accept });
  if (exts.length > 0 && !exts.includes(fileExtension(file.name))) {
    const list = exts.join(EXTENSION_SEPARATOR);
    return fillMessage(m.format, { types: list, list });
  }
  if (positive(field.size) && typeof file.size === 'number' && file.size > field.size * BYTES_PER_MB) {
    return fillMessage(m.tooLarge, { n: field.size });
  }
  if (type === 'image') return checkImageSize(field, file);
  return null;
};

/** Image dimension rule: at most `width`/`height` px, or exactly when `accurate`. */
export const checkImageSize = (
  field: Pick<FieldDefinition, 'width' | 'height' | 'accurate'>,
  picked: Pick<PickedFile, 'width' | 'height'>,
): Message => {
  const file: Partial<PickedFile> = typeof picked === 'object' && picked !== null ? picked : {};
  const exact = field.accurate === true;
  if (positive(field.width) && typeof file.width === 'number') {
    if (exact && file.width !== field.width) return fillMessage(IMAGE_WIDTH_EXACT, { w: field.width });
    if (!exact && file.width > field.width) return fillMessage(IMAGE_WIDTH_MAX, { w: field.width });
  }
  if (positive(field.height) && typeof file.height === 'number') {
    if (exact && file.height !== field.height) return fillMessage(IMAGE_HEIGHT_EXACT, { h: field.height });
    if (!exact && file.height > field.height) return fillMessage(IMAGE_HEIGHT_MAX, { h: field.height });
  }
  return null;
};

/** How many more files may be added (Infinity without maxCount). */
export const remainingCount = (field: Pick<FieldDefinition, 'maxCount'>, current: number): number =>
  positive(field.maxCount) ? Math.max(0, Math.floor(field.maxCount) - Math.max(0, current)) : Infinity;

/**
 * The file list rule of an image, file or document field, in order: any file not
 * done -> check upload status; required and empty -> upload; more than maxCount;
 * then each file's own rule.
 */
export const validateFiles = (field: FieldDefinition, files: unknown, required = field.required === true): Message => {
  const type = fileTypeOf(field.type);
  const m = MESSAGES[type];
  const list = Array.isArray(files) ? files : [];
  if (list.some((f) => typeof f !== 'object' || f === null || (f as { status?: unknown }).status !== 'done')) {
    return m.checkStatus;
  }
  if (list.length === 0) return required ? m.required : null;
  if (positive(field.maxCount) && list.length > field.maxCount) {
    return fillMessage(m.maxCount, { n: field.maxCount });
  }
  for (const f of list as PickedFile[]) {
    const error = checkFile(field, f);
    if (error) return error;
  }
  return null;
};

// ---------------------------------------------------------------------------
// New document
// ---------------------------------------------------------------------------

/** SPEC point 9: default document type docx; name max 40. */
export const DEFAULT_DOCUMENT_TYPE = 'docx';
export const DOCUMENT_NAME_MAX = 40;

export interface NewDocumentInput {
  /** File type (suffix), e.g. docx. */
  type?: string;
  name?: string;
}

export interface NewDocumentErrors {
  type?: string;
  name?: string;
}

export const newDocumentDraft = (): Required<NewDocumentInput> => ({ type: DEFAULT_DOCUMENT_TYPE, name: '' });

/** The name rule alone: required, not blank, at most 40 characters. */
export const checkDocumentName = (name: unknown): Message => {
  if (typeof name !== 'string' || name === '') return DOCUMENT_NAME_REQUIRED;
  if (name.trim() === '') return DOCUMENT_NAME_BLANK;
  if (Array.from(name).length > DOCUMENT_NAME_MAX) return fillMessage(DOCUMENT_NAME_TOO_LONG, { max: DOCUMENT_NAME_MAX });
  return null;
};

/** The new-document form: type and name, each with its own error; empty object when valid. */
export const validateNewDocument = (input: unknown): NewDocumentErrors => {
  const rec = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const errors: NewDocumentErrors = {};
  if (typeof rec.type !== 'string' || rec.type.trim() === '') errors.type = DOCUMENT_TYPE_REQUIRED;
  const nameError = checkDocumentName(rec.name);
  if (nameError) errors.name = nameError;
  return errors;
};
