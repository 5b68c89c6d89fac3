import type { Notifier } from '../../application/ports/runtime';
import { DIALOG_CANCEL, DIALOG_CONFIRM } from '../../domain/shared/messages';
import { loadDialogs, plainConfirm, showToast } from './toast';

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
    const texts = { title, content, confirmText: confirmText ?? DIALOG_CONFIRM, cancelText: cancelText ?? DIALOG_CANCEL };
    const dialogs = await loadDialogs().catch(() => null);
    // The dialog code could not load (offline before it ever did): the page asks itself.
    if (!dialogs) return plainConfirm(texts);
    return dialogs.Dialog.confirm(texts);
  },
};
