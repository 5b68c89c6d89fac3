/**
 * Toasts without putting the toast's animation library (react-spring, via antd-mobile's
 * Toast) in the first screen's JavaScript: the code loads once the first screen has
 * settled (preloadToasts, from the entry), or on the first toast. While the browser says
 * it is offline and the code is not here yet, it is not asked for: the message shows as a
 * plain toast of the page's own (a confirm as a plain dialog), never as a browser dialog.
 * Asked for offline, the download would fail for the page's life, and with it the antd
 * code it shares with the pages opened later (lazyModule.ts whenIdle).
 */
import { whenSettled } from './lazyModule';

type DialogModule = typeof import('./dialog');

let loading: Promise<DialogModule> | null = null;

/** The dialog code; refused without asking the network while the browser says it is offline, unless it is here or on its way. */
export const loadDialogs = (): Promise<DialogModule> => {
  if (!loading && typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.reject(new Error('offline: the dialog code is not here'));
  loading ??= import('./dialog').catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
};

/**
 * Fetches the toast code once the first screen has settled, so a first message while
 * offline later shows as usual. Not sooner: on a slow network its 30 KB shared the
 * bandwidth with the first screen's own code and held back home's largest paint.
 */
export const preloadToasts = (): void => {
  whenSettled(() => void loadDialogs().catch(() => undefined));
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

export interface PlainConfirm {
  readonly title: string;
  readonly content?: string;
  readonly confirmText: string;
  readonly cancelText: string;
}

/**
 * A confirm of the page's own (theme.css .cw-plain-dialog), for when the dialog code
 * cannot load (offline before the phone was ever idle enough to fetch it): the question
 * is still asked, never skipped and never a browser dialog. Answers true for the confirm
 * button, false for the other.
 */
export function plainConfirm({ title, content, confirmText, cancelText }: PlainConfirm): Promise<boolean> {
  if (typeof document === 'undefined') return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    const mask = document.createElement('div');
    mask.className = 'cw-plain-dialog';
    const box = document.createElement('div');
    box.className = 'cw-plain-dialog__box';
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    if (title) {
      const head = document.createElement('div');
      head.className = 'cw-plain-dialog__title';
      head.textContent = title;
      box.appendChild(head);
    }
    if (content) {
      const body = document.createElement('div');
      body.className = 'cw-plain-dialog__content';
      body.textContent = content;
      box.appendChild(body);
    }
    const actions = document.createElement('div');
    actions.className = 'cw-plain-dialog__actions';
    const answer = (yes: boolean) => () => {
      mask.remove();
      resolve(yes);
    };
    for (const [text, yes] of [
      [cancelText, false],
      [confirmText, true],
    ] as const) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = text;
      button.className = yes ? 'cw-plain-dialog__confirm' : 'cw-plain-dialog__cancel';
      button.addEventListener('click', answer(yes));
      actions.appendChild(button);
    }
    box.appendChild(actions);
    mask.appendChild(box);
    document.body.appendChild(mask);
  });
}
