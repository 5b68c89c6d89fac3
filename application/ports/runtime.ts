/**
 * The calls the spec leaves unnamed (docs/decided-calls.md), by a stable name. A school's
 * backend may answer them at other paths (config.json `calls`, docs/config.md); the
 * adapters read the path from the config, and a call that answers 404 or 501 degrades
 * the feature it serves (application/shared/failure.ts `isMissingCall`).
 */
export type UnnamedCall =
  | 'todoCategories'
  | 'securitySettings'
  | 'checkPassword'
  | 'boundStudents'
  | 'unbindStudent'
  | 'newDocument'
  | 'flowChartByApp'
  | 'flowChartByCode';

/** The path of every unnamed call on the service host; `unbindStudent` holds `{id}`. */
export type CallPaths = Readonly<Record<UnnamedCall, string>>;

/** Deployment settings read from config.json at start-up (CONTRACT.md). */
export interface RuntimeConfig {
  /** Default service host, '' for the same origin. */
  defaultHost: string;
  /** Base path the app is served under, e.g. '/' or '/campus/'. */
  basePath: string;
  schoolLookupUrl: string;
  hubPath: string;
  supportPhone: string;
  httpTimeout: number;
  /**
   * Origins whose pages keep their own origin (cookies, storage) inside the app's
   * sandboxed frames (domain/shell/framePolicy.ts); every other page runs in an opaque one.
   */
  trustedFrameOrigins: readonly string[];
  /**
   * The origin the native shell's events come from when it loads the app from a custom
   * scheme (`app://campus`); '' means the page's own origin (docs/native-shell.md).
   */
  shellOrigin: string;
  /** The path of each call the spec leaves unnamed (docs/decided-calls.md). */
  calls: CallPaths;
  /** The portal layout version this deployment draws ('1' by default); another version gives the empty portal. */
  portalConfigVersion: string;
  /** How many digits an SMS code has (4 to 8, 6 by default): the cells fill to it and submit. */
  smsCodeLength: number;
}

export interface Clock {
  now(): number;
}

/** Lets a use case stop waiting when the screen that asked has gone away. */
export interface CancelToken {
  readonly signal: AbortSignal;
}

export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  keys(): string[];
}

export interface Notifier {
  success(text: string): void;
  fail(text: string): void;
  info(text: string): void;
  /** A confirm dialog with the default buttons 取消 and 确定 unless given. */
  confirm(opts: { title: string; content?: string; confirmText?: string; cancelText?: string }): Promise<boolean>;
}

export interface Navigator {
  /** Path under the base path, e.g. '/login'. */
  go(path: string, opts?: { replace?: boolean; state?: unknown }): void;
  back(steps?: number): void;
  /**
   * Leaves the page as the back bar does: one step back inside the app; on the first
   * page the app opened, back to the native shell, or in a browser to `fallback` (home
   * by default), never out of the app. The composition root always provides it.
   */
  leave?(fallback?: string): void;
  /**
   * Goes back after a success: `steps` entries back when the app's own history holds
   * them, else to `fallback` (the page's sensible parent) in place of the pages the app
   * opened with (application/shared/navigation.ts planReturn). Never hands back to the
   * shell: the user stays in the app to see the result. The composition root always
   * provides it.
   */
  returnTo?(steps: number, fallback: string): void;
  reload(): void;
  /** The path under the base path (with its query) the user is on; optional for navigators that cannot tell. */
  current?(): string;
}
