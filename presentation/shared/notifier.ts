import { Toast } from 'antd-mobile';
import type { Notifier } from '../../application/ports/runtime';
import { DIALOG_CANCEL, DIALOG_CONFIRM } from '../../domain/shared/messages';

/**
 * The Notifier port over antd-mobile: toasts for outcomes, a confirm dialog with the
 * default buttons 取消 and 确定 (SPEC point 8).
 */
export const antdNotifier: Notifier = {
  success(text) {
    Toast.show({ icon: 'success', content: text });
  },
  fail(text) {
    Toast.show({ icon: 'fail', content: text });
  },
  info(text) {
    Toast.show({ content: text });
  },
  // The dialog's code loads with the first confirmation, not with the first screen.
  async confirm({ title, content, confirmText, cancelText }) {
    const { Dialog } = await import('./dialog');
    return Dialog.confirm({
      title,
      content,
      confirmText: confirmText ?? DIALOG_CONFIRM,
      cancelText: cancelText ?? DIALOG_CANCEL,
    });
  },
};
