import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allUploadsDone,
  buildObjectKey,
  clampPercent,
  CONTENT_TYPE_FALLBACK,
  DELETE_CONFIRM_CONTENT,
  DELETE_CONFIRM_TITLE,
  DELETE_SUCCESS,
  DOWNLOAD_FILE,
  FILE_NAME_BLANK,
  FILE_NAME_MAX,
  FILE_NAME_REQUIRED,
  FILE_NAME_TOO_LONG,
  fileExtension,
  fileIconKind,
  fileSavePayload,
  formatFileSize,
  formatFileSizeInList,
  HASH_CHUNK_SIZE,
  HASH_EDGE_BYTES,
  hashChunkRanges,
  hashEdgeRanges,
  iconKindForExtension,
  INLINE_IMAGE_EXTENSIONS,
  isInlineImage,
  needsUpload,
  parsePreviewableExtensions,
  PREVIEW_UNSUPPORTED,
  previewDecision,
  RENAME_TITLE,
  renameKeepingExtension,
  splitFileName,
  STORED_TYPE,
  UPLOAD_FAILED,
  UPLOAD_HTTP_VERB,
  uploadConfigRequest,
  uploadContentType,
  validateFileName,
} from '../../../../domain/files';

describe('strings and constants', () => {
  it.each([
    [RENAME_TITLE, '修改文件名'],
    [DOWNLOAD_FILE, '下载文件'],
    [DELETE_CONFIRM_TITLE, '确认删除'],
    [DELETE_CONFIRM_CONTENT, '是否删除此文件？'],
    [PREVIEW_UNSUPPORTED, '暂不支持预览'],
    [UPLOAD_FAILED, '上传失败'],
    [DELETE_SUCCESS, '删除成功'],
    [FILE_NAME_REQUIRED, '请输入文件名'],
    [FILE_NAME_BLANK, '文件名不能为空'],
    [FILE_NAME_TOO_LONG, '文件名不能超过40个字符'],
    [CONTENT_TYPE_FALLBACK, 'text/plain'],
  ])('%s', (constant, literal) => expect(constant).toBe(literal));

  it.each([
    ['file name max', FILE_NAME_MAX, 40],
    ['hash chunk 10 MB', HASH_CHUNK_SIZE, 10 * 1024 * 1024],
    ['hash head/tail bytes', HASH_EDGE_BYTES, 1024],
    ['stored type', STORED_TYPE, 1],
    ['upload httpVerb', UPLOAD_HTTP_VERB, 2],
  ])('%s', (_label, value, expected) => expect(value).toBe(expected));

  it('inline image extensions', () =>
    expect(INLINE_IMAGE_EXTENSIONS).toEqual(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'ico']));
});

describe('names and extensions', () => {
  it.each([
    ['report.docx', 'report', 'docx'],
    ['archive.tar.gz', 'archive.tar', 'gz'],
    ['README', 'README', ''],
    ['.env', '.env', ''],
    ['trailing.', 'trailing.', ''],
    ['Photo.JPG', 'Photo', 'JPG'],
    ['', '', ''],
  ])('splitFileName(%j)', (name, base, extension) => expect(splitFileName(name)).toEqual({ base, extension }));

  it('non-strings split to nothing', () => expect(splitFileName(null)).toEqual({ base: '', extension: '' }));
  it('extension is lower-cased', () => expect(fileExtension('Photo.JPG')).toBe('jpg'));

  it.each([
    ['a.png', 'image'],
    ['a.JPEG', 'image'],
    ['a.pdf', 'pdf'],
    ['a.doc', 'word'],
    ['a.docx', 'word'],
    ['a.xlsx', 'excel'],
    ['a.csv', 'excel'],
    ['a.pptx', 'ppt'],
    ['a.zip', 'zip'],
    ['a.rar', 'zip'],
    ['a.mp4', 'video'],
    ['a.mp3', 'audio'],
    ['a.txt', 'text'],
    ['a.exe', 'unknown'],
    ['noext', 'unknown'],
    [null, 'unknown'],
  ])('icon for %j is %s', (name, kind) => expect(fileIconKind(name)).toBe(kind));

  it.each([
    ['.PDF', 'pdf'],
    [' xlsx ', 'excel'],
    ['', 'unknown'],
    [3, 'unknown'],
  ])('iconKindForExtension(%j) = %s', (ext, kind) => expect(iconKindForExtension(ext)).toBe(kind));

  it.each([
    ['a.jpg', true],
    ['a.jpeg', true],
    ['a.png', true],
    ['a.gif', true],
    ['a.bmp', true],
    ['a.webp', true],
    ['a.ico', true],
    ['a.PNG', true],
    ['a.svg', false],
    ['a.pdf', false],
    ['png', false],
  ])('isInlineImage(%j) = %s', (name, expected) => expect(isInlineImage(name)).toBe(expected));
});

describe('sizes', () => {
  it.each([
    [0, '0KB'],
    [1, '1KB'],
    [1024, '1KB'],
    [1025, '2KB'],
    [5 * 1024 * 1024, '5120KB'],
    [-1, ''],
    [Number.NaN, ''],
    ['1024', ''],
  ])('one file: ceil(bytes/1024) KB: %j -> %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));

  it.each([
    [0, '0KB'],
    [1, '1KB'],
    [1024 * 1024 - 1, '1024KB'],
    [1024 * 1024, '1MB'],
    [1.5 * 1024 * 1024, '1.5MB'],
    [1.234 * 1024 * 1024, '1.23MB'],
    [1.235 * 1024 * 1024, '1.24MB'],
    [1024 * 1024 * 1024, '1GB'],
    [2.5 * 1024 * 1024 * 1024, '2.5GB'],
    [-5, ''],
    [null, ''],
  ])('lists: %j -> %s', (bytes, text) => expect(formatFileSizeInList(bytes)).toBe(text));

  it('list sizes always carry a unit (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 45 }), (bytes) => {
        expect(formatFileSizeInList(bytes)).toMatch(/^\d+(\.\d{1,2})?(KB|MB|GB)$/);
        expect(formatFileSize(bytes)).toBe(`${Math.ceil(bytes / 1024)}KB`);
      }),
    );
  });
});

describe('preview', () => {
  it.each([
    ['pdf,docx, .XLSX ,,', ['pdf', 'docx', 'xlsx']],
    ['pdf,pdf', ['pdf']],
    [['PPT', ' .txt'], ['ppt', 'txt']],
    ['', []],
    [null, []],
  ])('previewable list from %j', (csv, expected) => expect(parsePreviewableExtensions(csv)).toEqual(expected));

  const previewable = parsePreviewableExtensions('pdf,docx');
  it.each([
    ['photo.png', { kind: 'image' }],
    ['report.PDF', { kind: 'online' }],
    ['report.docx', { kind: 'online' }],
    ['movie.mp4', { kind: 'unsupported', message: '暂不支持预览' }],
    ['noext', { kind: 'unsupported', message: '暂不支持预览' }],
    [null, { kind: 'unsupported', message: '暂不支持预览' }],
  ])('%j -> %j', (name, expected) => expect(previewDecision(name, previewable)).toEqual(expected));
});

describe('rename (required, string, not whitespace-only, max 40, extension kept)', () => {
  it.each([
    [undefined, '请输入文件名'],
    [null, '请输入文件名'],
    [42, '请输入文件名'],
    ['', '请输入文件名'],
    ['   ', '文件名不能为空'],
    ['a'.repeat(41), '文件名不能超过40个字符'],
    ['a'.repeat(40), null],
    [`  ${'a'.repeat(40)}  `, null],
    ['😀'.repeat(40), null],
    ['新文件名', null],
  ])('validateFileName(%j) = %j', (input, message) => expect(validateFileName(input)).toBe(message));

  it.each([
    ['report.docx', '  期末总结 ', { ok: true, value: '期末总结.docx' }],
    ['report.docx', 'new.docx', { ok: true, value: 'new.docx' }],
    ['report.docx', 'new.DOCX', { ok: true, value: 'new.docx' }],
    ['report.docx', 'new.pdf', { ok: true, value: 'new.pdf.docx' }],
    ['README', 'notes', { ok: true, value: 'notes' }],
    ['report.docx', '', { ok: false, error: '请输入文件名' }],
    ['report.docx', '  ', { ok: false, error: '文件名不能为空' }],
    ['report.docx', '.docx', { ok: false, error: '请输入文件名' }],
    ['report.docx', 'x'.repeat(41), { ok: false, error: '文件名不能超过40个字符' }],
  ])('rename %j to %j', (original, input, expected) => expect(renameKeepingExtension(original, input)).toEqual(expected));

  it('any name longer than 40 characters is rejected (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', minLength: 41, maxLength: 200 }).filter((s) => s.trim().length > 40), (name) => {
        expect(validateFileName(name)).toBe(FILE_NAME_TOO_LONG);
      }),
    );
  });

  it('any non-blank name up to 40 characters is accepted and keeps the extension (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '' && !s.includes('.')), (name) => {
        expect(validateFileName(name)).toBeNull();
        expect(renameKeepingExtension('file.xlsx', name)).toEqual({ ok: true, value: `${name.trim()}.xlsx` });
      }),
    );
  });

  it('never throws on arbitrary input (property)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (original, input) => {
        const r = renameKeepingExtension(original, input);
        expect(typeof r.ok).toBe('boolean');
      }),
    );
  });
});

describe('upload', () => {
  it.each([
    ['image/png', 'image/png'],
    ['', 'text/plain'],
    [undefined, 'text/plain'],
  ])('content type %j -> %s', (type, expected) => expect(uploadContentType(type)).toBe(expected));

  const MB10 = 10 * 1024 * 1024;
  it.each([
    [0, [[0, 0]]],
    [Number.NaN, [[0, 0]]],
    [100, [[0, 100]]],
    [MB10, [[0, MB10]]],
    [MB10 + 1, [[0, MB10], [MB10, MB10 + 1]]],
  ])('10 MB chunk ranges for %d bytes', (size, ranges) => expect(hashChunkRanges(size)).toEqual(ranges));

  it.each([
    [0, [[0, 0]]],
    [2048, [[0, 2048]]],
    [2049, [[0, 1024], [1025, 2049]]],
    [-3, [[0, 0]]],
  ])('head/tail 1024-byte ranges for %d bytes', (size, ranges) => expect(hashEdgeRanges(size)).toEqual(ranges));

  it('chunk ranges cover the file exactly (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 50 * 1024 * 1024 }), (size) => {
        const ranges = hashChunkRanges(size);
        expect(ranges[0]?.[0]).toBe(0);
        expect(ranges[ranges.length - 1]?.[1]).toBe(size);
        ranges.forEach(([s, e], i) => {
          expect(e - s).toBeLessThanOrEqual(HASH_CHUNK_SIZE);
          if (i > 0) expect(s).toBe(ranges[i - 1]?.[1]);
        });
      }),
    );
  });

  const md5 = 'D41D8CD98F00B204E9800998ECF8427E';
  const date = new Date(Date.UTC(2024, 2, 5, 23, 0, 0));
  it.each([
    [date, md5, 'PDF', { ok: true, value: '2024/03/05/d41d8cd98f00b204e9800998ecf8427e.pdf' }],
    [date, md5, '.docx', { ok: true, value: '2024/03/05/d41d8cd98f00b204e9800998ecf8427e.docx' }],
    [date, md5, '', { ok: true, value: '2024/03/05/d41d8cd98f00b204e9800998ecf8427e' }],
    [date, md5, '../x', { ok: true, value: '2024/03/05/d41d8cd98f00b204e9800998ecf8427e' }],
    [new Date('x'), md5, 'pdf', { ok: false, error: 'invalid-date' }],
    ['2024-01-01' as unknown as Date, md5, 'pdf', { ok: false, error: 'invalid-date' }],
    [date, 'nothex', 'pdf', { ok: false, error: 'invalid-md5' }],
    [date, 42 as unknown as string, 'pdf', { ok: false, error: 'invalid-md5' }],
  ])('object key for %j %j %j', (d, hash, ext, expected) => expect(buildObjectKey(d, hash, ext)).toEqual(expected));

  it('object keys have the {yyyy}/{MM}/{dd}/{md5}.{ext} shape (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(Date.UTC(1000, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }),
        fc.stringMatching(/^[0-9a-f]{32}$/),
        fc.string(),
        (d, hash, ext) => {
          const r = buildObjectKey(d, hash, ext);
          expect(r.ok).toBe(true);
          if (r.ok) expect(r.value).toMatch(/^\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}(\.[a-z0-9]{1,16})?$/);
        },
      ),
    );
  });

  it('upload config request', () =>
    expect(uploadConfigRequest({ objectKey: 'k', size: 10, md5: 'ABC', contentType: '' })).toEqual({
      objectKey: 'k',
      size: 10,
      fileMd5: 'abc',
      httpVerb: 2,
      contentType: 'text/plain',
    }));

  it.each([
    [{ isBe: false }, true],
    [{ isBe: true }, false],
  ])('PUT needed for %j: %s', (response, expected) => expect(needsUpload(response)).toBe(expected));

  it('file save payload', () =>
    expect(fileSavePayload({ fileId: 'f1', showName: '总结.DOCX', objectKey: '2024/03/05/abc.docx', size: 2048, md5: 'ABC' })).toEqual({
      id: 'f1',
      showName: '总结.DOCX',
      name: '2024/03/05/abc.docx',
      extension: 'docx',
      size: 2048,
      storedType: 1,
      fileMD5: 'abc',
    }));

  it.each([
    [50, 50],
    [49.6, 50],
    [-1, 0],
    [101, 100],
    [Number.NaN, 0],
    ['50', 0],
  ])('clampPercent(%j) = %d', (p, expected) => expect(clampPercent(p)).toBe(expected));

  it.each([
    [[], true],
    [[{ status: 'done' }, { status: 'done' }], true],
    [[{ status: 'done' }, { status: 'uploading' }], false],
    [[{ status: 'error' }], false],
  ] as const)('allUploadsDone(%j) = %s', (files, expected) => expect(allUploadsDone(files)).toBe(expected));
});
