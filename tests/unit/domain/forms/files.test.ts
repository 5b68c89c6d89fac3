import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_MB,
  DEFAULT_DOCUMENT_TYPE,
  DOCUMENT_NAME_MAX,
  KIND_EXTENSIONS,
  acceptedExtensions,
  checkDocumentName,
  checkFile,
  checkImageSize,
  fieldExtensions,
  fileExtension,
  inputAccept,
  newDocumentDraft,
  remainingCount,
  validateFiles,
  validateNewDocument,
} from '../../../../domain/forms/files';
import * as M from '../../../../domain/forms/messages';
import type { FieldDefinition, UploadedFile } from '../../../../domain/forms/types';

const done = (name: string, size = 1000, extra: Partial<UploadedFile> = {}): UploadedFile => ({
  uid: name,
  name,
  size,
  status: 'done',
  ...extra,
});

describe('file kinds', () => {
  it('image kind has at least the common web formats', () => {
    expect(KIND_EXTENSIONS.image).toEqual(expect.arrayContaining(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']));
  });

  it.each([
    [['image'], KIND_EXTENSIONS.image],
    ['image, .pdf', [...KIND_EXTENSIONS.image, 'pdf']],
    [['.PDF', 'docx', 'pdf'], ['pdf', 'docx']],
    [['zip'], ['zip', 'rar', '7z', 'tar', 'gz']],
    [['media'], KIND_EXTENSIONS.media],
    [['doc'], KIND_EXTENSIONS.doc],
    [['image/*', 'video/*'], [...KIND_EXTENSIONS.image, ...KIND_EXTENSIONS.media]],
    [['*.txt', 'a b', '', 3, null], ['txt']],
    [undefined, []],
    [42, []],
    [['__proto__', 'constructor', 'toString'], ['constructor', 'tostring']],
  ])('accept %j -> %j', (accept, expected) => {
    expect(acceptedExtensions(accept)).toEqual(expected);
  });

  it.each([
    [{ type: 'image' }, KIND_EXTENSIONS.image],
    [{ type: 'image', accept: ['png'] }, ['png']],
    [{ type: 'file' }, []],
    [{ type: 'document', accept: 'doc' }, KIND_EXTENSIONS.doc],
    [{ type: 'input' }, []],
  ] as const)('field %j accepts %j', (field, expected) => {
    expect(fieldExtensions(field as Pick<FieldDefinition, 'type' | 'accept'>)).toEqual(expected);
  });

  it('input accept attribute', () => {
    expect(inputAccept({ type: 'file', accept: ['pdf', 'docx'] })).toBe('.pdf,.docx');
    expect(inputAccept({ type: 'file' })).toBe('');
  });

  it.each([
    ['a.PNG', 'png'],
    ['archive.tar.gz', 'gz'],
    ['.bashrc', ''],
    ['noext', ''],
    ['trailing.', ''],
    [null, ''],
  ])('extension of %j is %j', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
});

describe('validateFiles: upload state and required', () => {
  it.each([
    ['file', [{ ...done('a.pdf'), status: 'uploading' }], false, '请检查文件上传状态'],
    ['file', [done('a.pdf'), { ...done('b.pdf'), status: 'error' }], false, '请检查文件上传状态'],
    ['file', [null], false, '请检查文件上传状态'],
    ['file', [], true, '请上传文件'],
    ['file', undefined, true, '请上传文件'],
    ['file', [], false, null],
    ['image', [{ ...done('a.png'), status: 'uploading' }], true, '请检查图片上传状态'],
    ['image', [], true, '请上传图片'],
    ['document', [{ ...done('a.docx'), status: 'error' }], true, '请检查文档上传状态'],
    ['document', [], true, '请上传文档'],
    ['document', [done('a.docx')], true, null],
  ] as const)('%s %j required %s -> %s', (type, files, required, expected) => {
    expect(validateFiles({ id: 'f', type, required }, files)).toBe(expected);
  });

  it('uses the message constants', () => {
    expect(validateFiles({ id: 'f', type: 'image', required: true }, [])).toBe(M.IMAGE_REQUIRED);
    expect(validateFiles({ id: 'f', type: 'file' }, [], true)).toBe(M.FILE_REQUIRED);
  });

  it('the required flag from state overrides the definition', () => {
    expect(validateFiles({ id: 'f', type: 'file', required: true }, [], false)).toBeNull();
  });
});

describe('validateFiles: count, format, size, dimensions', () => {
  it.each([
    [{ type: 'file', maxCount: 1 }, [done('a.pdf'), done('b.pdf')], '最多上传1个文件'],
    [{ type: 'image', maxCount: 2 }, [done('a.png'), done('b.png'), done('c.png')], '最多上传2张图片'],
    [{ type: 'document', maxCount: 1 }, [done('a.docx'), done('b.docx')], '最多上传1个文档'],
    [{ type: 'file', accept: ['pdf', 'docx'] }, [done('a.exe')], '请上传pdf、docx格式的文件'],
    [{ type: 'document', accept: ['docx'] }, [done('a.pdf')], '请上传docx格式的文件'],
    [{ type: 'image', accept: ['png', 'jpg'] }, [done('a.gif')], '请上传png、jpg格式的图片'],
    [{ type: 'image' }, [done('a.pdf')], '请上传jpg、jpeg、png、gif、bmp、webp格式的图片'],
    [{ type: 'file', size: 10 }, [done('a.pdf', 10 * BYTES_PER_MB + 1)], '文件不能大于10MB'],
    [{ type: 'file', size: 10 }, [done('a.pdf', 10 * BYTES_PER_MB)], null],
    [{ type: 'image', size: 2 }, [done('a.png', 3 * BYTES_PER_MB)], '图片不能大于2MB'],
    [{ type: 'document', size: 0.5 }, [done('a.docx', BYTES_PER_MB)], '文档不能大于0.5MB'],
    [{ type: 'file', size: 0 }, [done('a.pdf', 10 ** 12)], null],
    [{ type: 'image', width: 800 }, [done('a.png', 1, { width: 801, height: 10 })], '图片宽度不能超过800px'],
    [{ type: 'image', width: 800 }, [done('a.png', 1, { width: 800 })], null],
    [{ type: 'image', width: 800, accurate: true }, [done('a.png', 1, { width: 799 })], '宽度必须是800px'],
    [{ type: 'image', height: 600 }, [done('a.png', 1, { height: 601 })], '图片高度不能超过600px'],
    [{ type: 'image', height: 600, accurate: true }, [done('a.png', 1, { height: 601 })], '高度必须是600px'],
    [{ type: 'image', width: 100, height: 100, accurate: true }, [done('a.png', 1, { width: 100, height: 100 })], null],
    [{ type: 'image', width: 100, height: 100 }, [done('a.png', 1)], null],
    [{ type: 'file', width: 1 }, [done('a.png', 1, { width: 5 })], null],
  ] as const)('%j with %j -> %s', (field, files, expected) => {
    expect(validateFiles({ id: 'f', ...field } as FieldDefinition, files)).toBe(expected);
  });

  it('checks at pick time', () => {
    expect(checkFile({ id: 'f', type: 'image', size: 1 }, { name: 'a.png', size: 2 * BYTES_PER_MB })).toBe(
      M.fillMessage(M.IMAGE_TOO_LARGE, { n: 1 }),
    );
    expect(checkFile({ id: 'f', type: 'file' }, { name: 'a' })).toBeNull();
    expect(checkFile({ id: 'f', type: 'file', accept: ['pdf'] }, null as never)).toBe('请上传pdf格式的文件');
    expect(checkImageSize({ width: 5 }, undefined as never)).toBeNull();
  });

  it('remaining count', () => {
    expect(remainingCount({ maxCount: 3 }, 1)).toBe(2);
    expect(remainingCount({ maxCount: 3 }, 5)).toBe(0);
    expect(remainingCount({ maxCount: 3 }, -1)).toBe(3);
    expect(remainingCount({}, 100)).toBe(Infinity);
  });

  it('any file above the size limit is rejected, any at or below passes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 200 * BYTES_PER_MB }), (mb, bytes) => {
        const result = validateFiles({ id: 'f', type: 'file', size: mb }, [done('a.pdf', bytes)]);
        expect(result).toBe(bytes > mb * BYTES_PER_MB ? `文件不能大于${mb}MB` : null);
      }),
    );
  });

  it('never throws', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('image', 'file', 'document'),
        fc.anything(),
        fc.anything(),
        fc.anything(),
        (type, files, accept, size) => {
          const field = { id: 'f', type, accept, size, width: size, height: size } as FieldDefinition;
          const out = validateFiles(field, files);
          expect(out === null || typeof out === 'string').toBe(true);
          checkFile(field, files as never);
        },
      ),
    );
  });
});

describe('new document', () => {
  it('defaults to docx', () => {
    expect(DEFAULT_DOCUMENT_TYPE).toBe('docx');
    expect(newDocumentDraft()).toEqual({ type: 'docx', name: '' });
    expect(DOCUMENT_NAME_MAX).toBe(40);
  });

  it.each([
    [{ type: 'docx', name: '周报' }, {}],
    [{ type: '', name: '周报' }, { type: '请选择文件类型' }],
    [{ name: '周报' }, { type: '请选择文件类型' }],
    [{ type: 'xlsx', name: '' }, { name: '请输入文件名称' }],
    [{ type: 'xlsx' }, { name: '请输入文件名称' }],
    [{ type: 'xlsx', name: '   ' }, { name: '文件名称不能全为空格' }],
    [{ type: 'xlsx', name: 'a'.repeat(40) }, {}],
    [{ type: 'xlsx', name: '字'.repeat(41) }, { name: '文件名称不能超过40个字符' }],
    [null, { type: '请选择文件类型', name: '请输入文件名称' }],
  ])('%j -> %j', (input, expected) => {
    expect(validateNewDocument(input)).toEqual(expected);
  });

  it('any name longer than 40 characters is rejected, any non-blank one up to 40 accepted', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 80 }), (name) => {
        const len = Array.from(name).length;
        const error = checkDocumentName(name);
        if (name.trim() === '') expect(error).toBe(M.DOCUMENT_NAME_BLANK);
        else if (len > 40) expect(error).toBe(M.fillMessage(M.DOCUMENT_NAME_TOO_LONG, { max: 40 }));
        else expect(error).toBeNull();
      }),
    );
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        validateNewDocument(input);
        checkDocumentName(input);
      }),
    );
  });
});
