/**
 * The 全字段演示 form (sandbox/workflow/forms/showcase.ts) on the engine: its rules,
 * steps and subform options, and uploads into the file columns of subform rows, which
 * go through the same pipeline as the main table's (checks, progress, 上传失败 with retry,
 * the draft, the live copy).
 */
import { describe, expect, it } from 'vitest';
import { createFormEngine, rowErrorsKey, type FormEngineOptions, type FormNotice, type RowCell, type RowErrors } from '../../../application/forms';
import { restoreFormData } from '../../../domain/forms/formData';
import type { FormDefinition, SubformRow, UploadedFile } from '../../../domain/forms/types';
import { createMemoryStorage, FORMS, fakeFormsApi, fakeUploader, file, IT_SUBCATEGORIES } from './forms.fixtures';

const settle = async (): Promise<void> => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

const NOW = new Date(2025, 2, 13, 10, 0, 0).getTime();
const KEY = 'formDraft:u-1:flow:all-fields';

function open(extra: Partial<FormEngineOptions> = {}) {
  let n = 0;
  const up = fakeUploader();
  const forms = fakeFormsApi();
  const storage = createMemoryStorage();
  const notices: FormNotice[] = [];
  const engine = createFormEngine({
    definition: FORMS.showcase,
    mode: 'edit',
    code: 'all-fields',
    ports: { forms, uploader: up.uploader, storage, clock: { now: () => NOW } },
    newId: () => `id${++n}`,
    ...extra,
  });
  engine.onNotice((x) => notices.push(x));
  const rows = () => engine.getField('demo_items')?.value as SubformRow[];
  const cell = (rowId: string, columnId: string) => (rows().find((r) => r._id === rowId)?.values[columnId] ?? []) as UploadedFile[];
  return { engine, up, forms, storage, notices, rows, cell };
}

describe('全字段演示: rules', () => {
  it('opens with its reminder, defaults, and the hidden fields hidden', () => {
    const { engine } = open();
    expect(engine.getMeta()).toMatchObject({ reminderOpen: true, step: 0, stepCount: 3 });
    expect(engine.getField('demo_age')?.value).toBe(18);
    expect(engine.getField('demo_priority')?.value).toBe('normal');
    expect(engine.getField('demo_dorm')?.visible).toBe(false);
    expect(engine.getField('demo_guardian')?.visible).toBe(false);
  });

  it('住校 shows 宿舍楼 and makes it required; switching back hides it again', () => {
    const { engine } = open();
    engine.setValue('demo_boarding', true);
    expect(engine.getField('demo_dorm')).toMatchObject({ visible: true, required: true });
    engine.setValue('demo_boarding', false);
    expect(engine.getField('demo_dorm')).toMatchObject({ visible: false, required: false });
  });

  it('an age of 17 or less requires the guardian phone (less means at most)', () => {
    const { engine } = open();
    engine.setValue('demo_age', 17);
    expect(engine.getField('demo_guardian')).toMatchObject({ visible: true, required: true });
    engine.setValue('demo_age', 18);
    expect(engine.getField('demo_guardian')?.visible).toBe(false);
  });

  it('加急 sets the priority to 紧急 and locks it', () => {
    const { engine } = open();
    engine.setValue('demo_urgent', true);
    expect(engine.getField('demo_priority')).toMatchObject({ value: 'high', readonly: true });
    engine.setValue('demo_urgent', false);
    expect(engine.getField('demo_priority')).toMatchObject({ value: 'high', readonly: false });
  });

  it('信息化设备 swaps the sub-categories for an event config; 其他 hides them', async () => {
    const { engine, forms } = open();
    engine.setValue('demo_subcategory', 'general');
    engine.setValue('demo_category', 'it');
    await settle();
    expect(forms.calls).toContainEqual({ kind: 'runEvent', arg: expect.objectContaining({ id: 'ec-purchase-subcategories' }) });
    expect(engine.getField('demo_subcategory')?.options).toEqual(IT_SUBCATEGORIES);
    // The old value is not among the new options.
    expect(engine.getField('demo_subcategory')?.value).toBe('');
    engine.setValue('demo_category', 'other');
    expect(engine.getField('demo_subcategory')?.visible).toBe(false);
  });

  it('起止日期 sets 天数 through ec-leave-days', async () => {
    const { engine } = open();
    engine.setValue('demo_period', ['2025-03-17', '2025-03-19']);
    await settle();
    expect(engine.getField('demo_days')?.value).toBe(3);
  });

  it('steps: 请完成下一步 before the last step; 下一步 checks the current step (请检查输入)', () => {
    const { engine, notices } = open();
    expect(engine.validate().ok).toBe(false);
    expect(notices.at(-1)?.text).toBe('请完成下一步');
    expect(engine.nextStep()).toBe(false);
    expect(notices.at(-1)?.text).toBe('请检查输入');
    expect(engine.getField('demo_name')?.errors).toEqual(['请选择姓名']);
    expect(engine.getField('demo_mobile')?.errors).toEqual(['请选择手机号']);
    engine.setValue('demo_name', '王老师');
    engine.setValue('demo_gender', '2');
    engine.setValue('demo_mobile', '1380013800');
    expect(engine.nextStep()).toBe(false);
    expect(engine.getField('demo_mobile')?.errors).toEqual(['请输入正确的手机号']);
    engine.setValue('demo_mobile', '13800138000');
    expect(engine.nextStep()).toBe(true);
    expect(engine.getMeta().step).toBe(1);
  });

  it('the last step: 请添加物品明细 until a row is added; at most 2 rows; the inherited subform takes none', () => {
    const { engine } = open();
    engine.nextStep();
    const fill = () => {
      engine.setValue('demo_name', '王老师');
      engine.setValue('demo_gender', '2');
      engine.setValue('demo_mobile', '13800138000');
    };
    fill();
    engine.nextStep();
    engine.setValue('demo_year', '2025');
    engine.setValue('demo_period', ['2025-03-17', '2025-03-19']);
    engine.setValue('demo_category', 'office');
    expect(engine.nextStep()).toBe(true);
    expect(engine.validate().ok).toBe(false);
    expect(engine.getField('demo_items')?.errors).toEqual(['请添加物品明细']);
    expect(engine.getField('demo_address')?.errors).toEqual(['请选择通讯地址']);
    expect(engine.getField('demo_photo')?.errors).toEqual(['请上传图片']);
    const sub = engine.subform('demo_items');
    const a = sub.add()!;
    sub.update(a, { demo_item_name: '白板', demo_item_qty: 1 });
    sub.save(a);
    const b = sub.add()!;
    sub.update(b, { demo_item_name: '白板笔', demo_item_qty: 10 });
    sub.save(b);
    expect(sub.add()).toBeNull();
    expect(engine.subform('demo_history').add()).toBeNull();
  });
});

describe('uploads into subform rows', () => {
  const photo = (rowId: string): RowCell => ({ subformId: 'demo_items', rowId, columnId: 'demo_item_photo' });
  const receipt = (rowId: string): RowCell => ({ subformId: 'demo_items', rowId, columnId: 'demo_item_receipt' });

  it('a row under edit uploads with progress; saving waits for it (请检查图片上传状态); done files are kept', async () => {
    const { engine, up, cell } = open();
    const sub = engine.subform('demo_items');
    const row = sub.add()!;
    sub.update(row, { demo_item_name: '投影仪', demo_item_qty: 1 });
    engine.upload(photo(row), [{ file: file('投影仪.png', 2048), width: 800, height: 600, previewUrl: 'blob:local' }]);
    expect(cell(row, 'demo_item_photo')).toMatchObject([{ name: '投影仪.png', status: 'uploading', percent: 0, url: 'blob:local' }]);
    expect(sub.save(row)).toEqual({ demo_item_photo: '请检查图片上传状态' });
    up.finish(0);
    await settle();
    expect(cell(row, 'demo_item_photo')).toMatchObject([{ status: 'done', percent: 100, url: '/sandbox/files/up/投影仪.png', userFileId: 'uf-0' }]);
    // The row's error clears once the upload is done.
    expect(engine.read<RowErrors>(rowErrorsKey('demo_items'))?.[row]).toBeUndefined();
    expect(sub.save(row)).toEqual({});
    const sent = engine.submitData().subTable.find((t) => t.id === 'demo_items')!;
    expect(sent.subDatas[0]!.fields.find((f) => f.id === 'demo_item_photo')?.value).toMatchObject([{ name: '投影仪.png', status: 'done' }]);
  });

  it('the column rules apply: format, count; a failure is 上传失败 with a retry; a file can be removed', async () => {
    const { engine, up, notices, cell } = open();
    const sub = engine.subform('demo_items');
    const row = sub.add()!;
    engine.upload(receipt(row), [{ file: file('病毒.exe') }]);
    expect(notices.at(-1)?.text).toMatch(/^请上传txt、pdf格式的文件/);
    engine.upload(receipt(row), [{ file: file('1.txt') }, { file: file('2.pdf') }, { file: file('3.pdf') }]);
    expect(notices.at(-1)?.text).toMatch(/最多/);
    expect(cell(row, 'demo_item_receipt').map((f) => f.name)).toEqual(['1.txt', '2.pdf']);
    up.failAt(0);
    up.finish(1);
    await settle();
    expect(cell(row, 'demo_item_receipt').map((f) => f.status)).toEqual(['error', 'done']);
    expect(notices.at(-1)).toEqual({ kind: 'fail', text: '上传失败' });
    const failed = cell(row, 'demo_item_receipt')[0]!;
    expect(engine.canRetry(failed.uid)).toBe(true);
    engine.retryUpload(receipt(row), failed.uid);
    expect(cell(row, 'demo_item_receipt')[0]).toMatchObject({ status: 'uploading', percent: 0 });
    up.finish(2);
    await settle();
    expect(cell(row, 'demo_item_receipt').map((f) => f.status)).toEqual(['done', 'done']);
    engine.removeFile(receipt(row), failed.uid);
    expect(cell(row, 'demo_item_receipt').map((f) => f.name)).toEqual(['2.pdf']);
  });

  it('only a row under edit takes files; unknown targets are ignored', () => {
    const { engine, up, cell } = open();
    const sub = engine.subform('demo_items');
    const row = sub.add()!;
    sub.update(row, { demo_item_name: '白板', demo_item_qty: 1 });
    sub.save(row);
    engine.upload(photo(row), [{ file: file('a.png') }]);
    engine.upload({ subformId: 'demo_items', rowId: row, columnId: 'demo_item_name' }, [{ file: file('a.png') }]);
    engine.upload({ subformId: 'demo_name', rowId: row, columnId: 'demo_item_photo' }, [{ file: file('a.png') }]);
    engine.upload({ subformId: 'demo_items', rowId: 'nope', columnId: 'demo_item_photo' }, [{ file: file('a.png') }]);
    expect(up.uploads).toHaveLength(0);
    expect(cell(row, 'demo_item_photo')).toEqual([]);
  });

  it('cancelling the row stops its uploads; the saved row comes back', async () => {
    const { engine, up, cell, rows } = open();
    const sub = engine.subform('demo_items');
    const row = sub.add()!;
    sub.update(row, { demo_item_name: '白板', demo_item_qty: 1 });
    sub.save(row);
    sub.edit(row);
    engine.upload(photo(row), [{ file: file('a.png') }]);
    const signal = up.uploads[0]!.opts.signal!;
    sub.cancel(row);
    expect(signal.aborted).toBe(true);
    expect(cell(row, 'demo_item_photo')).toEqual([]);
    expect(rows()[0]).toMatchObject({ values: { demo_item_name: '白板' } });
    expect(engine.canRetry(up.uploads[0]!.opts.uid!)).toBe(false);
    await settle();
    expect(rows()[0]?._editing).toBeUndefined();
  });

  it('the draft keeps finished row files only, and restores them', async () => {
    const { engine, up, storage } = open({ draftKey: KEY });
    const sub = engine.subform('demo_items');
    const row = sub.add()!;
    sub.update(row, { demo_item_name: '白板', demo_item_qty: 1 });
    engine.upload(receipt(row), [{ file: file('done.txt') }, { file: file('slow.txt') }]);
    up.finish(0);
    await settle();
    engine.flushDraft();
    const stored = storage.get(KEY)!;
    const restored = restoreFormData(FORMS.showcase, stored, 'draft').values.demo_items as SubformRow[];
    expect((restored[0]!.values.demo_item_receipt as UploadedFile[]).map((f) => [f.name, f.status])).toEqual([['done.txt', 'done']]);
  });

  it('left for another page, a row upload cut short comes back as an error that can be retried', async () => {
    // Same draft key and storage for both openings.
    const storage = createMemoryStorage();
    const options = (up: ReturnType<typeof fakeUploader>): FormEngineOptions => ({
      definition: FORMS.showcase,
      mode: 'edit',
      code: 'all-fields',
      draftKey: KEY,
      ports: { forms: fakeFormsApi(), uploader: up.uploader, storage },
    });
    const up1 = fakeUploader();
    const a = createFormEngine(options(up1));
    const sub = a.subform('demo_items');
    const row = sub.add()!;
    a.upload(photo(row), [{ file: file('a.png') }]);
    a.dispose();
    expect(up1.uploads[0]!.opts.signal!.aborted).toBe(true);
    const up2 = fakeUploader();
    const b = createFormEngine(options(up2));
    const files = ((b.getField('demo_items')?.value as SubformRow[])[0]!.values.demo_item_photo ?? []) as UploadedFile[];
    expect(files.map((f) => f.status)).toEqual(['error']);
    expect(b.canRetry(files[0]!.uid)).toBe(true);
    b.retryUpload(photo(row), files[0]!.uid);
    up2.finish(0);
    await settle();
    expect(((b.getField('demo_items')?.value as SubformRow[])[0]!.values.demo_item_photo as UploadedFile[])[0]).toMatchObject({ status: 'done' });
  });

  it('documents can be created in a row column', async () => {
    const definition: FormDefinition = {
      fields: [{ id: 'docs', type: 'subform', title: '文档', children: [{ id: 'doc', type: 'document', title: '正文', maxCount: 1, accept: ['docx'] }] }],
    };
    const engine = createFormEngine({ definition, mode: 'edit', code: 'x', ports: { forms: fakeFormsApi() }, newId: () => 'r1' });
    const sub = engine.subform('docs');
    const row = sub.add()!;
    const target = { subformId: 'docs', rowId: row, columnId: 'doc' };
    expect(await engine.createDocument(target, { type: 'docx', name: ' ' })).toMatchObject({ ok: false, error: { name: expect.any(String) } });
    expect(await engine.createDocument(target, { type: 'docx', name: '方案' })).toMatchObject({ ok: true, value: { name: '方案.docx', status: 'done' } });
    expect(await engine.createDocument(target, { type: 'docx', name: '第二份' })).toEqual({ ok: false, error: {} });
    expect(((engine.getField('docs')?.value as SubformRow[])[0]!.values.doc as UploadedFile[]).map((f) => f.name)).toEqual(['方案.docx']);
  });
});
