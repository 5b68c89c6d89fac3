// @vitest-environment jsdom
/**
 * File and image columns of subform rows are edited like top-level file fields: picked
 * in the row sheet, uploaded through the engine's pipeline (progress, 上传失败 with 重试,
 * remove), checked on 保存, and shown (previewable) in the row's card afterwards.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_FAILED } from '../../../../domain/files/messages';
import type { FormDefinition, SubformRow, UploadedFile } from '../../../../domain/forms/types';
import { file } from '../../../integration/app/forms.fixtures';
import { renderForm, settle } from './setup';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ready = async () => act(settle);

const pick = async (input: HTMLElement, files: Blob[]) => {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
  await ready();
};

const definition: FormDefinition = {
  fields: [
    {
      id: 'items',
      type: 'subform',
      title: '明细',
      children: [
        { id: 'name', type: 'input', title: '名称', required: true },
        { id: 'photo', type: 'image', title: '照片', maxCount: 1, accept: ['png'] },
        { id: 'receipt', type: 'file', title: '单据', maxCount: 2, accept: ['txt'] },
      ],
    },
  ],
};

const rowFiles = (engine: ReturnType<typeof renderForm>['engine'], column: string) =>
  ((engine.getField('items')?.value as SubformRow[])[0]?.values[column] ?? []) as UploadedFile[];

describe('file columns of subform rows', () => {
  it('upload in the row sheet: progress, 上传失败 with 重试, remove; 保存 waits; the card shows the files', async () => {
    // jsdom loads no images: a picked image reports a size at once.
    vi.stubGlobal(
      'Image',
      class {
        naturalWidth = 40;
        naturalHeight = 30;
        onload: (() => void) | null = null;
        set src(_v: string) {
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:row-photo');
    const { engine, up, notices } = renderForm(definition);
    await ready();
    fireEvent.click(screen.getByRole('button', { name: /添加明细/ }));
    await ready();
    const sheet = screen.getByRole('dialog', { name: '明细' });
    fireEvent.change(within(sheet).getByRole('textbox', { name: '名称' }), { target: { value: '投影仪' } });

    // A file of the wrong type is refused by the column's own rule.
    await pick(within(sheet).getByLabelText('单据 上传文件'), [file('a.exe')]);
    expect(notices.at(-1)?.text).toMatch(/^请上传txt格式的文件/);
    expect(up.uploads).toHaveLength(0);

    await pick(within(sheet).getByLabelText('照片 上传图片'), [file('机器.png', 2000, 'image/png')]);
    await pick(within(sheet).getByLabelText('单据 上传文件'), [file('发票.txt', 3000)]);
    expect(within(sheet).getAllByRole('status').map((s) => s.textContent)).toEqual(['上传中0%', '上传中 0%']);
    // maxCount 1: the photo's add tile is gone.
    expect(within(sheet).queryByLabelText('照片 上传图片')).toBeNull();

    // 保存 while uploading: the row is checked.
    fireEvent.click(within(sheet).getByRole('button', { name: '保存' }));
    await ready();
    expect(within(sheet).getAllByRole('alert').map((a) => a.textContent)).toEqual(['请检查图片上传状态', '请检查文件上传状态']);

    await act(async () => {
      up.finish(0);
      up.failAt(1);
      await settle();
    });
    expect(rowFiles(engine, 'photo').map((f) => f.status)).toEqual(['done']);
    expect(within(sheet).getByText(UPLOAD_FAILED)).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: '重试 发票.txt' }));
    await act(async () => {
      up.finish(2);
      await settle();
    });
    expect(rowFiles(engine, 'receipt').map((f) => [f.name, f.status])).toEqual([['发票.txt', 'done']]);
    expect(within(sheet).getByText('3KB')).toBeTruthy();

    // Remove and add again.
    fireEvent.click(within(sheet).getByRole('button', { name: '删除 发票.txt' }));
    expect(rowFiles(engine, 'receipt')).toEqual([]);
    await pick(within(sheet).getByLabelText('单据 上传文件'), [file('收据.txt', 100)]);
    await act(async () => {
      up.finish(3);
      await settle();
    });

    fireEvent.click(within(sheet).getByRole('button', { name: '保存' }));
    await ready();
    const card = screen.getByRole('region', { name: '明细 第1行' });
    expect(within(card).getByRole('button', { name: '预览 机器.png' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: '预览 收据.txt' })).toBeTruthy();
    // In the card the files are shown, not edited.
    expect(within(card).queryByRole('button', { name: '删除 收据.txt' })).toBeNull();
    expect(within(card).queryByRole('button', { name: '删除 机器.png' })).toBeNull();
  });
});
