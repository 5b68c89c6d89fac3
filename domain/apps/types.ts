/** Application entities (SPEC point 3 "Apps, portal, messages"), named as on the wire. */

/** 1 web link, 3 approval flow by code, anything else built-in (see BUILT_IN_APP_CODES). */
export type App = {
  readonly id: string;
  readonly name: string;
  readonly iconUrl?: string | null;
  readonly iconName?: string | null;
  readonly iconImage?: string | null;
  /** For a web-link app, the address it opens. */
  readonly content?: string | null;
  readonly code?: string | null;
  readonly useAppType: number;
};

/** A category of apps. */
export type AppGroup = {
  readonly id: string;
  readonly name: string;
  readonly useAppTree: readonly App[];
};

/** my-use-app answer: the user's common apps and all listed apps, both grouped. */
export type AppLists = {
  readonly commonList?: readonly AppGroup[] | null;
  readonly useList?: readonly AppGroup[] | null;
};

/** Where opening an app leads. */
export type AppTarget =
  /** Web link: an http(s) address, followed by the link policy (domain/shell/linkPolicy.ts). */
  | { readonly kind: 'webLink'; readonly title: string; readonly url: string }
  /** Approval app: look its flow up by code (flowid-by-appcode), then `resolveFlowApp`. */
  | { readonly kind: 'flow'; readonly code: string }
  | { readonly kind: 'noFlow'; readonly message: string }
  /** page/approvalCenter, with flowId and code when opened for one flow. */
  | { readonly kind: 'approvalCenter'; readonly flowId?: string; readonly code?: string }
  | { readonly kind: 'studentReport' }
  /** Teacher student-report: native scan in the shell, else the scanner page. */
  | { readonly kind: 'teacherScanner'; readonly via: 'native' | 'page' }
  /** A web-link app whose address is not http(s). */
  | { readonly kind: 'invalidLink' }
  | { readonly kind: 'unknown'; readonly code: string };

export type CommonAppsEdit = {
  readonly editing: boolean;
  /** What the server holds. */
  readonly saved: readonly App[];
  /** What the user sees while editing. */
  readonly draft: readonly App[];
};
