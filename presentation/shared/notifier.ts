import type { Notifier } from '../../application/ports/runtime';
import { DIALOG_CANCEL, DIALOG_CONFIRM } from '../../domain/shared/messages';
import { loadDialogs, showToast } from './toast';

/**
 * The Notifier port over antd-mobile: toasts for outcomes, a confirm dialog with the
 * default buttons 取消 and 确定 (SPEC point 8). The dialog code loads on first use.
 */
export const antdNotifier: Notifier = {
  success(text) {
    showToast(text, 'success');
  },
  fail(text) {
    showToast(text, 'fail');
  },
  info(text) {
    showToast(text);
  },
  async confirm({ title, content, confirmText, cancelText }) {
    const { Dialog } = await loadDialogs();
    return Dialog.confirm({
      title,
      content,
      confirmText: confirmText ?? DIALOG_CONFIRM,
      cancelText: cancelText ?? DIALOG_CANCEL,
    });
  },
};
