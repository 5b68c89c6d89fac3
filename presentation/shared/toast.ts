/**
 * Toasts without putting the toast's animation library (react-spring, via antd-mobile's
 * Toast) in the first screen's JavaScript: the code loads when the phone is first idle
 * (preloadToasts, from the entry), or on the first toast. When it cannot load (offline
 * before it ever did) the message still shows, as a plain toast of the page's own, never
 * as a browser dialog.
 */
import { whenIdle } from './lazyModule';

type DialogModule = typeof import('./dialog');

let loading: Promise<DialogModule> | null = null;
export const loadDialogs = (): Promise<DialogModule> => {
  loading ??= import('./dialog').catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
};

/** Fetches the toast code ahead, once the phone is idle, so a first message while offline shows as usual. */
export const preloadToasts = (): void => {
  whenIdle(() => void loadDialogs().catch(() => undefined));
};

/** How long the plain toast stays. */
const PLAIN_TOAST_MS = 2500;

/** The message in a plain box of the page's own (presentation/shared/theme.css .cw-plain-toast). */
function plainToast(content: string, icon?: 'success' | 'fail'): void {
  if (typeof document === 'undefined') return;
  const box = document.createElement('div');
  box.className = 'cw-plain-toast';
  box.setAttribute('role', icon === 'fail' ? 'alert' : 'status');
  box.textContent = content;
  document.body.appendChild(box);
  setTimeout(() => box.remove(), PLAIN_TOAST_MS);
}

export function showToast(content: string, icon?: 'success' | 'fail'): void {
  void loadDialogs().then(
    ({ Toast }) => Toast.show(icon ? { icon, content } : { content }),
    () => plainToast(content, icon),
  );
}
