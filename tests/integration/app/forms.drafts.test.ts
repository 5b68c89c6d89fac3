import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUserDrafts, createFormEngine, formDraftKey, hasDraft, type FormEngineOptions, type FormNotice } from '../../../application/forms';
import { RESTORE_CODE_MISMATCH, RESTORE_RESET } from '../../../domain/forms/messages';
import type { KeyValueStorage } from '../../../application/ports/runtime';
import { FORMS, createMemoryStorage, fakeFormsApi, fakeUploader, file } from './forms.fixtures';

const NOW = new Date(2025, 2, 13, 10, 0, 0).getTime();
const KEY = formDraftKey('u-1', { flowCode: 'visitor' });

function open(storage: KeyValueStorage, extra: Partial<FormEngineOptions> = {}) {
  const notices: FormNotice[] = [];
  const up = fakeUploader();
  const engine = createFormEngine({
    definition: FORMS.visitor,
    mode: 'edit',
    code: 'visitor',
    draftKey: KEY,
    ports: { forms: fakeFormsApi(), storage, uploader: up.uploader, clock: { now: () => NOW } },
    draftDelayMs: 300,
    ...extra,
  });
  engine.onNotice((n) => notices.push(n));
  return { engine, notices, up };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('draft keys', () => {
  it('are per user and per flow or run', () => {
    expect(formDraftKey('u-1', { flowCode: 'leave' })).toBe('formDraft:u-1:flow:leave');
    expect(formDraftKey('u-1', { runId: 'run-9' })).toBe('formDraft:u-1:run:run-9');
  });
});

describe('drafts: saved as the user types, restored after a reload, cleared after submit or logout', () => {
  it('saves after a quiet time, not on every key', () => {
    const storage = createMemoryStorage();
    const set = vi.spyOn(storage, 'set');
    const { engine } = open(storage);
    engine.setValue('vis_name', '刘');
    engine.setValue('vis_name', '刘一');
    expect(set).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(set).toHaveBeenCalledTimes(1);
    const stored = JSON.parse(storage.get(KEY) ?? '{}');
    expect(stored.code).toBe('visitor');
    expect(stored.mainTable.fields).toContainEqual({ id: 'vis_name', key: 'visitorName', value: '刘一' });
  });

  it('restores after a reload (a new engine on the same key)', () => {
    const storage = createMemoryStorage();
    const first = open(storage);
    first.engine.setValue('vis_name', '刘一');
    first.engine.setValue('vis_purpose', 'other');
    vi.advanceTimersByTime(300);
    // A reload: the page and the memory are gone, the storage stays.
    const second = open(storage);
    expect(second.engine.getField('vis_name')?.value).toBe('刘一');
    // Restored values run the rules: 其他 makes the remark required.
    expect(second.engine.getField('vis_remark')?.required).toBe(true);
    expect(second.notices).toEqual([]);
  });

  it('flushes a pending draft when the screen goes away', () => {
    const storage = createMemoryStorage();
    const { engine } = open(storage);
    engine.setValue('vis_company', '华信');
    engine.flushDraft();
    expect(hasDraft(storage, KEY)).toBe(true);
  });

  it.each([
    ['an empty store', '{}', RESTORE_RESET, '表单恢复失败，数据已重置'],
    ['unreadable JSON', '{not json', RESTORE_RESET, '表单恢复失败，数据已重置'],
    ['another app', JSON.stringify({ code: 'leave', mainTable: { id: '', fields: [{ id: 'vis_name', key: 'visitorName', value: 'x' }] }, subTable: [] }), RESTORE_CODE_MISMATCH, '表单恢复失败，应用编码不一致'],
  ])('%s: %s', (_name, stored, constant, literal) => {
    const storage = createMemoryStorage({ [KEY]: stored });
    const { engine, notices } = open(storage);
    expect(constant).toBe(literal);
    expect(notices).toEqual([{ kind: 'fail', text: literal }]);
    expect(engine.getMeta().restoreError).toBe(literal);
    expect(engine.getField('vis_name')?.value).toBe('');
  });

  it('never overwrites a saved draft with empty values', () => {
    const storage = createMemoryStorage();
    const first = open(storage);
    first.engine.setValue('vis_name', '刘一');
    vi.advanceTimersByTime(300);
    const saved = storage.get(KEY);
    // A form opened without restoring (another device state, a failed restore) that nobody fills in.
    const blank = open(createMemoryStorage());
    blank.engine.setValue('vis_name', 'x');
    blank.engine.setValue('vis_name', '');
    vi.advanceTimersByTime(300);
    expect(blank.engine.submitData().mainTable.fields.find((f) => f.id === 'vis_name')?.value).toBe('');
    // Same with the storage holding a draft: the restore failure must not be followed by an empty write.
    const storage2 = createMemoryStorage({ [KEY]: '{}' });
    const failed = open(storage2);
    failed.engine.setValue('vis_name', 'y');
    failed.engine.setValue('vis_name', '');
    vi.advanceTimersByTime(300);
    expect(storage2.get(KEY)).toBe('{}');
    expect(storage.get(KEY)).toBe(saved);
  });

  it('is cleared after a successful submit', () => {
    const storage = createMemoryStorage();
    const { engine } = open(storage);
    engine.setValue('vis_name', '刘一');
    vi.advanceTimersByTime(300);
    engine.clearDraft();
    expect(hasDraft(storage, KEY)).toBe(false);
    engine.dispose();
    // No live copy either: opening the flow again starts empty.
    expect(open(storage).engine.getField('vis_name')?.value).toBe('');
  });

  it('logout clears every draft of that user and no other', () => {
    const storage = createMemoryStorage({
      'formDraft:u-1:flow:leave': '{}',
      'formDraft:u-1:run:r1': '{}',
      'formDraft:u-2:flow:leave': '{}',
      'token': 'x',
    });
    expect(clearUserDrafts(storage, 'u-1')).toBe(2);
    expect(storage.keys().sort()).toEqual(['formDraft:u-2:flow:leave', 'token']);
  });

  it('keeps only finished uploads in the draft', async () => {
    const storage = createMemoryStorage();
    const engine = createFormEngine({
      definition: FORMS.notice,
      mode: 'edit',
      code: 'notice',
      draftKey: KEY,
      ports: { forms: fakeFormsApi(), storage, uploader: fakeUploader().uploader, clock: { now: () => NOW } },
    });
    engine.upload('ntc_attachments', [{ file: file('a.pdf') }]);
    engine.setValue('ntc_title', '通知');
    engine.flushDraft();
    const stored = JSON.parse(storage.get(KEY) ?? '{}');
    expect(stored.mainTable.fields.find((f: { id: string }) => f.id === 'ntc_attachments').value).toEqual([]);
  });

  it('a form left for the picker page comes back exactly as it was (live state, step included)', async () => {
    const storage = createMemoryStorage();
    const options: FormEngineOptions = { definition: FORMS.seal, mode: 'edit', code: 'seal', draftKey: 'formDraft:u-1:flow:seal', ports: { forms: fakeFormsApi(), storage } };
    const first = createFormEngine(options);
    first.setValue('seal_types', ['official']);
    first.setValue('seal_usage', 'external');
    first.setValue('seal_receiver', '区教育局');
    first.nextStep();
    first.dispose();
    const again = createFormEngine({ ...options, definition: structuredClone(FORMS.seal) });
    expect(again.getMeta().step).toBe(1);
    expect(again.getField('seal_receiver')).toMatchObject({ value: '区教育局', visible: true, required: true });
    expect(again.getMeta().reminderOpen).toBe(false);
  });
});
