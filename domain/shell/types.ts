/**
 * The native shell protocol (CONTRACT.md "Native shell": the spec leaves it to the
 * project). Every message, in both directions, is a JSON object with
 * `source: 'campus-shell'`, the protocol version `v: 1` and a `type`. The exact key set
 * of each type is fixed: a message with a missing, extra or mistyped key is refused.
 *
 * Web page -> shell (posted through the bridge the shell injects):
 *   openLink      { url, title }        open an http(s) address in a shell web view
 *   openFile      { url, name }         download / open a file natively
 *   scan          { requestId }         start the native scanner
 *   back          {}                    leave the web app (first page's back button)
 *   developerMode {}                    tapped the core version more than 25 times
 *   setVibration  { enabled }           the settings switch for vibration reminders
 *   getCoreVersion { requestId }        ask for the shell core version
 *
 * Shell -> web page (dispatched as a window 'message' event or through the bridge):
 *   scanResult    { requestId, text }   the scanned text
 *   scanCancelled { requestId }         the user closed the scanner
 *   coreVersion   { requestId, version } answer to getCoreVersion
 *   vibration     { enabled }           current vibration setting (on load or change)
 */
export const SHELL_SOURCE = 'campus-shell';
export const SHELL_PROTOCOL_VERSION = 1;

type Envelope<T extends string> = {
  readonly source: typeof SHELL_SOURCE;
  readonly v: typeof SHELL_PROTOCOL_VERSION;
  readonly type: T;
};

export type ShellOpenLink = Envelope<'openLink'> & { readonly url: string; readonly title: string };
export type ShellOpenFile = Envelope<'openFile'> & { readonly url: string; readonly name: string };
export type ShellScan = Envelope<'scan'> & { readonly requestId: string };
export type ShellBack = Envelope<'back'>;
export type ShellDeveloperMode = Envelope<'developerMode'>;
export type ShellSetVibration = Envelope<'setVibration'> & { readonly enabled: boolean };
export type ShellGetCoreVersion = Envelope<'getCoreVersion'> & { readonly requestId: string };

/** Messages the web page sends to the shell. */
export type ShellOutbound =
  | ShellOpenLink
  | ShellOpenFile
  | ShellScan
  | ShellBack
  | ShellDeveloperMode
  | ShellSetVibration
  | ShellGetCoreVersion;

export type ShellScanResult = Envelope<'scanResult'> & { readonly requestId: string; readonly text: string };
export type ShellScanCancelled = Envelope<'scanCancelled'> & { readonly requestId: string };
export type ShellCoreVersion = Envelope<'coreVersion'> & { readonly requestId: string; readonly version: string };
export type ShellVibration = Envelope<'vibration'> & { readonly enabled: boolean };

/** Messages the shell sends to the web page. */
export type ShellInbound = ShellScanResult | ShellScanCancelled | ShellCoreVersion | ShellVibration;

export type ShellOutboundType = ShellOutbound['type'];
export type ShellInboundType = ShellInbound['type'];

/** What the page knows about its host after detection. */
export type ShellEnvironment = { readonly inShell: boolean; readonly coreVersion: string | null };
