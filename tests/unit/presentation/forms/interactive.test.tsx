// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $selections, selectionConfirmed } from '../../../../application/selectors';
import { formDraftKey } from '../../../../application/forms';
import { UPLOAD_FAILED } from '../../../../domain/files/messages';
import type { UploadedFile } from '../../../../domain/forms/types';
import { createMemoryStorage, file } from '../../../integration/app/forms.fixtures';
import { renderForm, settle } from './setup';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const ready = async () => act(settle);

const pick = async (input: HTMLElement, files: File[] | Blob[]) => {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
  await ready();
};

describe('uploads: progress, error with 重试, preview, remove', () => {
  it('a file shows its progress, then its size; a failure shows 上传失败 and 重试', async () => {
    const { engine, up, notices } = renderForm('notice');
    await ready();
    const input = screen.getByLabelText('附件 上传文件');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toContain('.pdf');
    await pick(input, [file('方案.pdf', 3000), file('预算.zip', 100)]);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['上传中 0%', '上传中 0%']);
    await act(async () => {
      up.finish(0);
      up.failAt(1);
      await settle();
    });
    const files = engine.getField('ntc_attachments')?.value as UploadedFile[];
    expect(files.map((f) => f.status)).toEqual(['done', 'error']);
    expect(screen.getByText('3KB')).toBeTruthy();
    expect(screen.getByText(UPLOAD_FAILED)).toBeTruthy();
    expect(notices).toContainEqual({ kind: 'fail', text: '上传失败' });
    fireEvent.click(screen.getByRole('button', { name: '重试 预算.zip' }));
    await act(async () => {
      up.finish(2);
      await settle();
    });
    expect((engine.getField('ntc_attachments')?.value as UploadedFile[]).map((f) => f.status)).toEqual(['done', 'done']);
    fireEvent.click(screen.getByRole('button', { name: '删除 方案.pdf' }));
    expect((engine.getField('ntc_attachments')?.value as UploadedFile[]).map((f) => f.name)).toEqual(['预算.zip']);
  });

  it('a rejected file never uploads: its format message is shown', async () => {
    const { up, notices } = renderForm('notice');
    await ready();
    await pick(screen.getByLabelText('附件 上传文件'), [file('病毒.exe')]);
    expect(up.uploads).toHaveLength(0);
    expect(notices[0]?.text).toMatch(/^请上传doc、docx/);
  });

  /** jsdom loads no images: this one reports the given natural size. */
  const fakeImages = (width: number, height: number) => {
    vi.stubGlobal(
      'Image',
      class {
        naturalWidth = width;
        naturalHeight = height;
        onload: (() => void) | null = null;
        set src(_v: string) {
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:local-photo');
  };

  it('an image of the wrong size is refused with the exact-size message', async () => {
    fakeImages(300, 413);
    const { up, notices } = renderForm('studentInfo');
    await ready();
    await pick(screen.getByLabelText('证件照 上传图片'), [file('photo.png', 2000, 'image/png')]);
    expect(notices).toContainEqual({ kind: 'fail', text: '宽度必须是295px' });
    expect(up.uploads).toHaveLength(0);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('images are tiles; uploading shows the percent; the add tile goes at maxCount', async () => {
    fakeImages(295, 413);
    const { up, engine } = renderForm('studentInfo');
    await ready();
    const input = screen.getByLabelText('证件照 上传图片');
    await pick(input, [file('photo.png', 2000, 'image/png')]);
    expect(screen.getByRole('status').textContent).toBe('上传中0%');
    // The local picture shows while it uploads.
    expect(within(screen.getByRole('button', { name: '预览 photo.png' })).getByRole('img').getAttribute('src')).toBe('blob:local-photo');
    await act(async () => {
      up.finish(0);
      await settle();
    });
    const tile = screen.getByRole('button', { name: '预览 photo.png' });
    expect(within(tile).getByRole('img').getAttribute('src')).toBe('/sandbox/files/up/photo.png');
    // maxCount 1: no more adding.
    expect(screen.queryByLabelText('证件照 上传图片')).toBeNull();
    expect(engine.getField('stu_photo')?.errors).toEqual([]);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('new document: type and name checked, then listed', async () => {
    const { engine } = renderForm('notice');
    await ready();
    fireEvent.click(screen.getByRole('button', { name: '新建文档' }));
    await ready();
    fireEvent.click(screen.getByRole('button', { name: '创建' }));
    await ready();
    expect(screen.getByRole('alert').textContent).toBe('请输入文件名称');
    fireEvent.change(screen.getByLabelText('文件名称'), { target: { value: '通知正文' } });
    fireEvent.click(screen.getByRole('button', { name: '创建' }));
    await ready();
    expect((engine.getField('ntc_body')?.value as UploadedFile[]).map((f) => f.name)).toEqual(['通知正文.docx']);
  });
});

describe('picker: through the selector page and the selection channel', () => {
  it('asks the channel, opens page/picker, and takes the confirmed choice', async () => {
    const { engine } = renderForm('leave', { draftKey: formDraftKey('u-9', { flowCode: 'leave' }) });
    await ready();
    act(() => engine.dismissReminder());
    engine.setValue('leave_days', 5);
    await ready();
    fireEvent.click(screen.getByRole('button', { name: '请选择工作交接人' }));
    const key = 'form:formDraft:u-9:flow:leave:leave_handover';
    expect($selections.getState()[key]).toMatchObject({ status: 'open', request: { code: 'staff', title: '工作交接人', multiple: true, selected: [] } });
    expect(window.location.pathname + window.location.search).toBe(`/page/picker?key=${encodeURIComponent(key)}`);
    act(() => {
      selectionConfirmed({ key, result: [{ id: 'u1', name: '王老师', type: 0 }] });
    });
    await ready();
    expect(engine.getField('leave_handover')?.value).toEqual([{ id: 'u1', name: '王老师' }]);
    expect($selections.getState()[key]).toBeUndefined();
    const group = screen.getByRole('group', { name: '工作交接人' });
    expect(within(group).getByText('王老师')).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: '移除 王老师' }));
    expect(engine.getField('leave_handover')?.value).toEqual([]);
  });
});

describe('drafts through the renderer', () => {
  it('the pending draft is written when the page is hidden, and restored by the next form', async () => {
    const storage = createMemoryStorage();
    const draftKey = formDraftKey('u-1', { flowCode: 'visitor' });
    const { engine } = renderFormWithStorage(storage, draftKey);
    await ready();
    fireEvent.change(screen.getByRole('textbox', { name: '访客姓名' }), { target: { value: '刘一' } });
    expect(storage.get(draftKey)).toBeNull();
    fireEvent(window, new Event('pagehide'));
    expect(JSON.parse(storage.get(draftKey) ?? '{}').mainTable.fields[0]).toEqual({ id: 'vis_name', key: 'visitorName', value: '刘一' });
    cleanup();
    engine.dispose();
    // Not the live copy: a reload has only the storage.
    const { liveSnapshots } = await import('../../../../application/forms/drafts');
    liveSnapshots.clear();
    renderFormWithStorage(storage, draftKey);
    await ready();
    expect((screen.getByRole('textbox', { name: '访客姓名' }) as HTMLInputElement).value).toBe('刘一');
  });
});

import { createFormEngine } from '../../../../application/forms';
import { render } from '@testing-library/react';
import { DynamicForm } from '../../../../presentation/forms';
import { FORMS, installDomShims } from './setup';
import { withContainer } from '../appContainer';
import { fakeFormsApi } from '../../../integration/app/forms.fixtures';

function renderFormWithStorage(storage: ReturnType<typeof createMemoryStorage>, draftKey: string) {
  installDomShims();
  const engine = createFormEngine({ definition: FORMS.visitor, mode: 'edit', code: 'visitor', draftKey, ports: { forms: fakeFormsApi(), storage } });
  render(<DynamicForm engine={engine} onNotice={() => undefined} />, { wrapper: withContainer() });
  return { engine };
}
