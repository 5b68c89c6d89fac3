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
 *   ready         {}                    the app listens: queued deep links and sessions may come
 *   signedIn      { userId }            a session started in the web app (login, SSO, hand-off)
 *   signedOut     {}                    the session ended in the web app (logout, ended session)
 *   newMessage    { title, vibrate }    a message arrived over the hub while the app is open
 *
 * Shell -> web page (dispatched as a window 'message' event or through the bridge):
 *   scanResult    { requestId, text }   the scanned text
 *   scanCancelled { requestId }         the user closed the scanner
 *   coreVersion   { requestId, version } answer to getCoreVersion
 *   vibration     { enabled }           current vibration setting (on load or change)
 *   back          {}                    the hardware back button or the back swipe
 *   openRoute     { path }              a push or notification opened while the app runs
 *   session       { accessToken, refreshToken, schoolCode, tenantCode, schoolName }
 *                                       a session from the shell's own login screen
 *   signOut       {}                    the user signed out in the shell
 *   insets        { top, right, bottom, left }  safe-area insets in CSS pixels, for web
 *                                       views that do not report env(safe-area-inset-*)
 *   textScale     { scale }             the system text size (1 is normal, 2 twice), on load
 *                                       and when it changes; the app scales its text by it
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
export type ShellReady = Envelope<'ready'>;
export type ShellSignedIn = Envelope<'signedIn'> & { readonly userId: string };
export type ShellSignedOut = Envelope<'signedOut'>;
export type ShellNewMessage = Envelope<'newMessage'> & { readonly title: string; readonly vibrate: boolean };

/** Messages the web page sends to the shell. */
export type ShellOutbound =
  | ShellOpenLink
  | ShellOpenFile
  | ShellScan
  | ShellBack
  | ShellDeveloperMode
  | ShellSetVibration
  | ShellGetCoreVersion
  | ShellReady
  | ShellSignedIn
  | ShellSignedOut
  | ShellNewMessage;

export type ShellScanResult = Envelope<'scanResult'> & { readonly requestId: string; readonly text: string };
export type ShellScanCancelled = Envelope<'scanCancelled'> & { readonly requestId: string };
export type ShellCoreVersion = Envelope<'coreVersion'> & { readonly requestId: string; readonly version: string };
export type ShellVibration = Envelope<'vibration'> & { readonly enabled: boolean };
export type ShellHardwareBack = Envelope<'back'>;
export type ShellOpenRoute = Envelope<'openRoute'> & { readonly path: string };
export type ShellSession = Envelope<'session'> & {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly schoolCode: string;
  readonly tenantCode: string;
  readonly schoolName: string;
};
export type ShellSignOut = Envelope<'signOut'>;
export type ShellInsets = Envelope<'insets'> & { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number };
export type ShellTextScale = Envelope<'textScale'> & { readonly scale: number };

/** Messages the shell sends to the web page. */
export type ShellInbound =
  | ShellScanResult
  | ShellScanCancelled
  | ShellCoreVersion
  | ShellVibration
  | ShellHardwareBack
  | ShellOpenRoute
  | ShellSession
  | ShellSignOut
  | ShellInsets
  | ShellTextScale;

export type ShellOutboundType = ShellOutbound['type'];
export type ShellInboundType = ShellInbound['type'];

/** What the page knows about its host after detection. */
export type ShellEnvironment = { readonly inShell: boolean; readonly coreVersion: string | null };
