// @vitest-environment jsdom
/**
 * The confirm of the page's own (presentation/shared/toast.ts plainConfirm), drawn when
 * the dialog code cannot load: the question is asked with its title and text, the two
 * buttons answer true and false, and the dialog goes once answered. The notifier falls
 * back to it when the dialog code fails to load.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plainConfirm } from '../../../../presentation/shared/toast';

const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.cw-plain-dialog button')];

afterEach(() => {
  document.body.innerHTML = '';
  vi.doUnmock('../../../../presentation/shared/dialog');
  vi.resetModules();
});

describe('the plain confirm', () => {
  it('asks with its title and text; 确定 answers true, 取消 false, and the dialog goes', async () => {
    const yes = plainConfirm({ title: '放弃', content: '放弃后这项操作不会再发送，确定放弃吗？', confirmText: '放弃', cancelText: '取消' });
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain('放弃后这项操作不会再发送，确定放弃吗？');
    expect(buttons().map((b) => b.textContent)).toEqual(['取消', '放弃']);
    buttons()[1]!.click();
    await expect(yes).resolves.toBe(true);
    expect(document.querySelector('.cw-plain-dialog')).toBeNull();

    const no = plainConfirm({ title: '', content: '确认标记所有消息为已读？', confirmText: '确定', cancelText: '取消' });
    buttons()[0]!.click();
    await expect(no).resolves.toBe(false);
  });

  it('is what the notifier shows when the dialog code cannot load', async () => {
    vi.doMock('../../../../presentation/shared/dialog', () => {
      throw new Error('offline');
    });
    const { antdNotifier } = await import('../../../../presentation/shared/notifier');
    const answer = antdNotifier.confirm({ title: '确认撤销', content: '此操作将撤销当前流程！' });
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')?.textContent).toContain('此操作将撤销当前流程！'));
    expect(buttons().map((b) => b.textContent)).toEqual(['取消', '确定']);
    buttons()[1]!.click();
    await expect(answer).resolves.toBe(true);
  });
});
