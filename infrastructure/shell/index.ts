export { createNativeShell } from './createNativeShell';
export type { NativeShellDeps } from './createNativeShell';
export { BridgeNativeShell, bridgeOf, CORE_VERSION_TIMEOUT_MS } from './bridgeShell';
export type { BridgeShellDeps, ShellBridge, ShellWindow } from './bridgeShell';
export { BrowserNativeShell, WEB_VIEW_ROUTE, FILE_ROUTE, SCANNER_ROUTE } from './browserShell';
export type { BrowserShellDeps } from './browserShell';
