/**
 * The service worker (built by vite-plugin-pwa, Workbox): registered from the folder that
 * serves index.html, with that folder as its scope, through workbox-window. A new version
 * installs beside the running one and waits; `onUpdate` hears it with the function that
 * switches to it (the waiting worker takes over, then the page reloads once).
 */
import { Workbox } from 'workbox-window';

export function registerAppWorker(appFolder: string, onUpdate: (apply: () => void) => void, win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  const wb = new Workbox(new URL('sw.js', appFolder).href, { scope: new URL('./', appFolder).pathname });
  wb.addEventListener('waiting', () => {
    onUpdate(() => {
      wb.addEventListener('controlling', () => win.location.reload());
      wb.messageSkipWaiting();
    });
  });
  wb.register().catch(() => undefined);
  // A phone keeps the app open for days: coming back to it asks for a new version too.
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'visible') wb.update().catch(() => undefined);
  });
}
