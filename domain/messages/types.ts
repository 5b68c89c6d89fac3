/** Message entities (SPEC point 3 "Apps, portal, messages"), named as on the wire. */

export type MessageTab = {
  readonly id: string;
  readonly name: string;
  readonly noReadNum: number;
  readonly msgContext?: string | null;
  readonly msgDateTime?: string | null;
};

export type MessageTabGroup = {
  readonly name: string;
  readonly messageEventAppTabsDtos: readonly MessageTab[];
};

export type Notice = {
  readonly id: string;
  readonly title: string;
  /** HTML; must be sanitised before display. */
  readonly context?: string | null;
  readonly realitySendTime?: string | null;
  readonly linkUrl?: string | null;
  /** JSON text, see NoticeData. */
  readonly data?: string | null;
};

export const NOTICE_MODULES = Object.freeze({ OA: 'OA', TODO: 'TodoMatter' } as const);

/** The decoded `data` of a notice; every field normalised to text and optional. */
export type NoticeData = {
  readonly module?: string;
  readonly id?: string;
  readonly type?: string;
  readonly tab?: string;
  readonly campus?: string;
  readonly downloadPath?: string;
  readonly name?: string;
};

/** Query of page/approvalCenter/flowApproval, named as the route names it. */
export type FlowApprovalQuery = {
  readonly FlowRunId: string;
  readonly type?: string;
  readonly tab?: string;
};

/** Where tapping a notice leads. `switchCampusTo` is set when the link moves the user to another campus first. */
export type NoticeTarget =
  | { readonly kind: 'flowApproval'; readonly query: FlowApprovalQuery; readonly switchCampusTo: string | null }
  | { readonly kind: 'todo'; readonly todoId: string; readonly switchCampusTo: string | null }
  | { readonly kind: 'file'; readonly url: string; readonly name: string; readonly switchCampusTo: string | null }
  | { readonly kind: 'link'; readonly url: string; readonly switchCampusTo: string | null }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'none' };

export type ScrollMetrics = {
  readonly scrollTop: number;
  readonly clientHeight: number;
  readonly scrollHeight: number;
};
