import type { Connectivity } from './ports';

/** The browser's word on the network (infrastructure/offline/connectivity.ts). */
export type BrowserConnectivity = Connectivity;

/** Connectivity that also hears what the network did with the app's own calls. */
export interface Reachability extends Connectivity {
  /**
   * A call was answered by the server (any status), or could not reach it at all (no
   * network). A call that went unanswered makes the app offline until a
   * call is answered or the browser says the network is back.
   */
  heard(answered: boolean): void;
}

/**
 * Whether the app can reach its server: the browser's word (sure only of "offline") and
 * the app's own calls. A phone on a network that carries nothing (a lift, a captive
 * portal, a page reloaded just as the network went) says online while every call fails:
 * here it counts as offline (the banner shows, actions go to the outbox at once) until a
 * call is answered, and that answer counts as the network coming back (the outbox is sent).
 */
export function createReachability(browser: BrowserConnectivity): Reachability {
  let unanswered = false;
  const changed = new Set<() => void>();
  const back = new Set<() => void>();
  const tell = (set: Set<() => void>) => {
    for (const l of [...set]) l();
  };
  const settle = (next: boolean): boolean => {
    if (next === unanswered) return false;
    unanswered = next;
    tell(changed);
    return true;
  };
  browser.subscribe(() => tell(changed));
  browser.onOnline(() => {
    // The browser's own "back": its listeners hear it through onOnline already.
    settle(false);
  });
  return {
    online: () => browser.online() && !unanswered,
    onOnline(listener) {
      back.add(listener);
      const stop = browser.onOnline(listener);
      return () => {
        back.delete(listener);
        stop();
      };
    },
    subscribe(listener) {
      changed.add(listener);
      return () => changed.delete(listener);
    },
    heard(answered) {
      if (settle(!answered) && answered && browser.online()) tell(back);
    },
  };
}
