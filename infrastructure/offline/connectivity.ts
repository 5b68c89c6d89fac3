import type { Connectivity } from '../../application/offline/ports';

/** The browser's word on the network: `navigator.onLine` (sure only of "offline") and its `online` and `offline` events. */
export const browserConnectivity = (win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'navigator'>): Connectivity => ({
  online: () => win.navigator?.onLine !== false,
  onOnline: (listener) => {
    win.addEventListener('online', listener);
    return () => win.removeEventListener('online', listener);
  },
  subscribe: (listener) => {
    win.addEventListener('online', listener);
    win.addEventListener('offline', listener);
    return () => {
      win.removeEventListener('online', listener);
      win.removeEventListener('offline', listener);
    };
  },
});
