/** The approval actions the outbox keeps while there is no network, by the name its senders know them by. */
export const APPROVAL_OUTBOX_KINDS = Object.freeze({
  /** Quick 同意 from a list card (body: QuickHandlingBody). */
  quickAgree: 'approval.quickAgree',
} as const);
