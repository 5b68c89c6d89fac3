import { describe, expect, it } from 'vitest';
import { createFormEngine, type FormNotice } from '../../../application/forms';
import {
  DOCUMENT_CHECK_STATUS,
  FILE_CHECK_STATUS,
  IMAGE_CHECK_STATUS,
  IMAGE_HEIGHT_EXACT,
  IMAGE_REQUIRED,
  IMAGE_WIDTH_EXACT,
} from '../../../domain/forms/messages';
import { UPLOAD_FAILED } from '../../../domain/files/messages';
import type { UploadedFile } from '../../../domain/forms/types';
import { FORMS, fakeFormsApi, fakeUploader, file } from './forms.fixtures';

const settle = async (): Promise<void> => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

function open(definition: keyof typeof FORMS) {
  const up = fakeUploader();
  const forms = fakeFormsApi();
  const notices: FormNotice[] = [];
  const engine = createFormEngine({ definition: FORMS[definition], mode: 'edit', code: definition, ports: { forms, uploader: up.uploader } });
  engine.onNotice((n) => notices.push(n));
  const files = (id: string) => engine.getField(id)?.value as UploadedFile[];
  return { engine, up, forms, notices, files };
}

describe('spec strings of uploads', () => {
  it.each([
    [UPLOAD_FAILED, '上传失败'],
    [FILE_CHECK_STATUS, '请检查文件上传状态'],
    [IMAGE_CHECK_STATUS, '请检查图片上传状态'],
    [DOCUMENT_CHECK_STATUS, '请检查文档上传状态'],
    [IMAGE_REQUIRED, '请上传图片'],
    [IMAGE_WIDTH_EXACT, '宽度必须是{w}px'],
    [IMAGE_HEIGHT_EXACT, '高度必须是{h}px'],
  ])('%s', (c, literal) => expect(c).toBe(literal));
});

describe('uploads through the Uploader port', () => {
  it('shows the file at once as uploading, with progress, then done with the stored record', async () => {
    const { engine, up, files } = open('notice');
    engine.upload('ntc_attachments', [{ file: file('方案.pdf', 2048) }]);
    expect(files('ntc_attachments')).toMatchObject([{ name: '方案.pdf', size: 2048, status: 'uploading', percent: 0 }]);
    expect(engine.validate().ok).toBe(false);
    expect(engine.getField('ntc_attachments')?.errors).toEqual(['请检查文件上传状态']);
    up.finish(0);
    await settle();
    expect(files('ntc_attachments')).toMatchObject([
      { name: '方案.pdf', status: 'done', percent: 100, url: '/sandbox/files/up/方案.pdf', userFileId: 'uf-0', domain: 'sandbox', path: 'up/方案.pdf' },
    ]);
    expect(engine.getField('ntc_attachments')?.errors).toEqual([]);
  });

  it('marks a failed upload as error with 上传失败, and a retry uploads it again', async () => {
    const { engine, up, files, notices } = open('notice');
    engine.upload('ntc_attachments', [{ file: file('a.zip') }]);
    up.failAt(0);
    await settle();
    expect(files('ntc_attachments')[0]?.status).toBe('error');
    expect(notices).toContainEqual({ kind: 'fail', text: '上传失败' });
    const uid = files('ntc_attachments')[0]!.uid;
    expect(engine.canRetry(uid)).toBe(true);
    engine.retryUpload('ntc_attachments', uid);
    expect(files('ntc_attachments')[0]?.status).toBe('uploading');
    up.finish(1);
    await settle();
    expect(files('ntc_attachments')[0]?.status).toBe('done');
  });

  it('removing an uploading file cancels it', async () => {
    const { engine, up, files, notices } = open('notice');
    engine.upload('ntc_attachments', [{ file: file('a.zip') }]);
    engine.removeFile('ntc_attachments', files('ntc_attachments')[0]!.uid);
    await settle();
    expect(files('ntc_attachments')).toEqual([]);
    expect(up.uploads[0]!.opts.signal?.aborted).toBe(true);
    expect(notices).toEqual([]);
  });

  it.each([
    ['notice', 'ntc_attachments', file('a.exe'), undefined, '请上传doc、docx、xls、xlsx、ppt、pptx、pdf、txt、wps、csv、rtf、odt、ods、odp、zip、rar、7z、tar、gz格式的文件'],
    ['notice', 'ntc_attachments', file('big.pdf', 51 * 1024 * 1024), undefined, '文件不能大于50MB'],
    ['studentInfo', 'stu_photo', file('p.gif'), undefined, '请上传jpg、png格式的图片'],
    ['studentInfo', 'stu_photo', file('p.jpg', 3 * 1024 * 1024), undefined, '图片不能大于2MB'],
    ['studentInfo', 'stu_photo', file('p.jpg'), { width: 300, height: 413 }, '宽度必须是295px'],
    ['studentInfo', 'stu_photo', file('p.jpg'), { width: 295, height: 400 }, '高度必须是413px'],
    ['seal', 'seal_scan', file('s.png'), { width: 5000, height: 100 }, '图片宽度不能超过4000px'],
    ['seal', 'seal_document', file('s.pdf'), undefined, '请上传docx格式的文件'],
  ] as const)('%s %s rejects a file: %s', (form, id, f, size, message) => {
    const { engine, notices, files, up } = open(form);
    if (form === 'seal') engine.setValue('seal_types', ['official']);
    engine.upload(id, [{ file: f, ...(size ?? {}) }]);
    expect(notices).toContainEqual({ kind: 'fail', text: message });
    expect(files(id)).toEqual([]);
    expect(up.uploads).toHaveLength(0);
  });

  it('takes no more files than maxCount', () => {
    const { engine, notices, files } = open('leave');
    engine.setValue('leave_days', 5); // shows the proof images
    engine.upload('leave_proof', [{ file: file('1.jpg') }, { file: file('2.jpg') }, { file: file('3.jpg') }, { file: file('4.jpg') }]);
    expect(files('leave_proof')).toHaveLength(3);
    expect(notices).toContainEqual({ kind: 'fail', text: '最多上传3张图片' });
  });

  it('a valid image of the exact size uploads and keeps its size for the submit check', async () => {
    const { engine, up, files } = open('studentInfo');
    engine.upload('stu_photo', [{ file: file('p.png'), width: 295, height: 413, previewUrl: 'blob:local' }]);
    expect(files('stu_photo')[0]).toMatchObject({ url: 'blob:local', width: 295, height: 413 });
    up.finish(0);
    await settle();
    expect(files('stu_photo')[0]).toMatchObject({ status: 'done', url: '/sandbox/files/up/p.png', width: 295 });
  });
});

describe('new documents', () => {
  it('checks type and name, then adds the created document as done (default docx)', async () => {
    const { engine, files, forms } = open('notice');
    expect(await engine.createDocument('ntc_body', { type: '', name: ' ' })).toEqual({ ok: false, error: { type: '请选择文件类型', name: '文件名称不能全为空格' } });
    expect(await engine.createDocument('ntc_body', { type: 'docx', name: 'x'.repeat(41) })).toEqual({ ok: false, error: { name: '文件名称不能超过40个字符' } });
    const r = await engine.createDocument('ntc_body', { type: 'docx', name: '关于春季运动会的通知' });
    expect(r.ok).toBe(true);
    expect(forms.calls.find((c) => c.kind === 'newDocument')?.arg).toEqual({ name: '关于春季运动会的通知', suffix: 'docx' });
    expect(files('ntc_body')).toMatchObject([{ name: '关于春季运动会的通知.docx', status: 'done', domain: 'sandbox' }]);
    // maxCount 1: a second document is refused.
    const again = await engine.createDocument('ntc_body', { type: 'docx', name: '第二份' });
    expect(again.ok).toBe(false);
  });
});

describe('a picker opened (prepareUpload)', () => {
  it('asks the uploader to get ready, and nothing else: no file, no notice, no change', async () => {
    const { engine, up, notices, files } = open('notice');
    let prepared = 0;
    up.uploader.prepare = () => {
      prepared++;
      return Promise.resolve();
    };
    engine.prepareUpload();
    await settle();
    expect(prepared).toBe(1);
    expect(up.uploads).toHaveLength(0);
    expect(notices).toEqual([]);
    expect(files('ntc_attachments') ?? []).toEqual([]);
  });

  it('an uploader that cannot get ready, or has nothing to ready, or none at all: nothing shows', async () => {
    const { engine, up, notices } = open('notice');
    up.uploader.prepare = () => Promise.reject(new Error('chunk failed'));
    expect(() => engine.prepareUpload()).not.toThrow();
    await settle();
    expect(notices).toEqual([]);
    delete up.uploader.prepare;
    expect(() => engine.prepareUpload()).not.toThrow();
    const bare = createFormEngine({ definition: FORMS.notice, mode: 'edit', code: 'notice', ports: { forms: fakeFormsApi() } });
    expect(() => bare.prepareUpload()).not.toThrow();
  });
});
