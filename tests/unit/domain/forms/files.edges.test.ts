import { describe, expect, it } from 'vitest';
import { BYTES_PER_MB, acceptedExtensions, checkFile, checkImageSize, validateFiles, validateNewDocument, type PickedFile } from '../../../../domain/forms/files';
import * as M from '../../../../domain/forms/messages';
import type { FieldDefinition } from '../../../../domain/forms/types';

/*
 * The file rules (domain/forms/files.ts) at their limits and with what is not quite a
 * file, a size or a type. Found by mutation testing (reports/README.md).
 */

const field = (f: Partial<FieldDefinition>): FieldDefinition => ({ id: 'f', type: 'file', ...f }) as FieldDefinition;
const done = (name: string, extra: Record<string, unknown> = {}) => ({ uid: name, name, size: 1000, status: 'done', ...extra });

describe('accept', () => {
  it.each([
    ['a.pdf', []],
    ['x*.pdf', []],
    ['*.pdf', ['pdf']],
    ['.pdf', ['pdf']],
  ])('%s gives %o (only a leading dot or *. is taken off)', (accept, exts) => {
    expect(acceptedExtensions(accept)).toEqual(exts);
  });
});

describe('a field that is no file type', () => {
  it('is checked with the file messages', () => {
    expect(validateFiles(field({ type: 'input' as never, required: true }), [])).toBe(M.FILE_REQUIRED);
    expect(checkFile(field({ type: 'input' as never, size: 1 }), { name: 'a.bin', size: 2 * BYTES_PER_MB })).toBe(M.FILE_TOO_LARGE.replace('{n}', '1'));
  });
});

describe('what is not a picked file', () => {
  it.each([null, undefined, 'a.pdf', 5])('%o is read as a file with nothing known', (picked) => {
    expect(() => checkFile(field({ accept: 'pdf' }), picked as unknown as PickedFile)).not.toThrow();
    expect(checkFile(field({}), picked as unknown as PickedFile)).toBeNull();
    expect(checkImageSize({ width: 100, accurate: true }, picked as unknown as PickedFile)).toBeNull();
  });

  it('a size given as text is not compared', () => {
    expect(checkFile(field({ size: 1 }), { name: 'a.bin', size: String(5 * BYTES_PER_MB) as unknown as number })).toBeNull();
  });
});

describe('image dimensions', () => {
  it.each([
    ['no width measured, accurate', { width: 100, accurate: true }, {}, null],
    ['no height measured, accurate', { height: 100, accurate: true }, { width: 100 }, null],
    ['a field width of 0, accurate', { width: 0, accurate: true }, { width: 100 }, null],
    ['a field height of 0, accurate', { height: 0, accurate: true }, { height: 100 }, null],
    ['a field width of Infinity, accurate', { width: Number.POSITIVE_INFINITY, accurate: true }, { width: 100 }, null],
    ['a height exactly at its maximum', { height: 100 }, { height: 100 }, null],
    ['a height one under its maximum', { height: 100 }, { height: 99 }, null],
    ['a height one over its maximum', { height: 100 }, { height: 101 }, M.IMAGE_HEIGHT_MAX.replace('{h}', '100')],
    ['a width exactly at its maximum', { width: 100 }, { width: 100 }, null],
  ] as const)('%s', (_, rule, picked, message) => {
    expect(checkImageSize(rule, picked)).toBe(message);
  });
});

describe('the list', () => {
  it.each([
    [1, 3, null],
    [2, 2, null],
    [3, 2, M.FILE_MAX_COUNT.replace('{n}', '2')],
  ])('%i file(s) with maxCount %i: %o', (count, maxCount, message) => {
    const files = Array.from({ length: count }, (_, i) => done(`a${i}.pdf`));
    expect(validateFiles(field({ maxCount }), files)).toBe(message);
  });

  it("every file's own rule is checked, not only the first's", () => {
    const error = validateFiles(field({ accept: 'pdf' }), [done('a.pdf'), done('b.exe')]);
    expect(error).toContain('pdf');
    expect(error).not.toBeNull();
  });
});

describe('a new document', () => {
  it.each([
    ['   ', M.DOCUMENT_TYPE_REQUIRED],
    ['', M.DOCUMENT_TYPE_REQUIRED],
    ['docx', undefined],
  ])('type %o: %o', (type, error) => {
    expect(validateNewDocument({ type, name: '周报' }).type).toBe(error);
  });
});
