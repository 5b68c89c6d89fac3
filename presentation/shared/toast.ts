/**
 * Toasts without putting the toast's animation library (react-spring, via antd-mobile's
 * Toast) in the first screen's JavaScript: the code loads on the first toast.
 */
type DialogModule = typeof import('./dialog');

let loading: Promise<DialogModule> | null = null;
export const loadDialogs = (): Promise<DialogModule> => {
  loading ??= import('./dialog').catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
};

export function showToast(content: string, icon?: 'success' | 'fail'): void {
  void loadDialogs().then(
    ({ Toast }) => Toast.show(icon ? { icon, content } : { content }),
    () => window.alert(content),
  );
}
