import type { Navigator } from '../../application/ports/runtime';
import type { NativeShell } from '../../application/ports/shell';
import { detectShell } from '../../domain/shell/protocol';
import { BridgeNativeShell, bridgeOf, type ShellWindow } from './bridgeShell';
import { BrowserNativeShell } from './browserShell';

export interface NativeShellDeps {
  navigator: Navigator;
  /** `window` in the browser. */
  window: ShellWindow & { readonly history?: { back(): void } };
  expectedOrigin?: string;
  coreVersionTimeoutMs?: number;
}

/**
 * Picks the adapter once, at start-up: the bridge adapter when the shell injected its
 * bridge object, the browser fallbacks otherwise (docs/native-shell.md "Detection").
 */
export function createNativeShell(deps: NativeShellDeps): NativeShell {
  const bridge = bridgeOf(deps.window);
  const env = detectShell(bridge !== null, deps.window.navigator.userAgent);
  if (env.inShell && bridge !== null) {
    return new BridgeNativeShell(bridge, {
      window: deps.window,
      expectedOrigin: deps.expectedOrigin,
      coreVersionTimeoutMs: deps.coreVersionTimeoutMs,
    });
  }
  return new BrowserNativeShell({
    navigator: deps.navigator,
    history: deps.window.history,
    baseUrl: () => deps.window.location.href,
  });
}
