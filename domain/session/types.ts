/**
 * Session entities (SPEC point 3 "Users and organisation", point 4 "Message hub").
 * Field names are the wire names.
 */

/** What mobile-login / sid-login / refresh answer and what local storage keeps. */
export type TokenRecord = {
  readonly encryptedAccessToken: string;
  readonly refreshToken: string;
};

export type Campus = {
  readonly id: string;
  readonly name: string;
  readonly typeName?: string | null;
};

export type SchoolInfoData = {
  readonly name?: string | null;
  readonly code?: string | null;
  readonly SchoolCode?: string | null;
  readonly SaasAddress?: string | null;
  readonly ProjectType?: number | string | null;
};

/** Answer of the external school lookup (type=getprojectbycode). */
export type SchoolInfo = {
  readonly Result?: unknown;
  readonly Data?: SchoolInfoData | null;
  readonly Msg?: string | null;
};

export const HUB_STATES = ['disconnected', 'connecting', 'connected', 'reconnecting', 'disconnecting'] as const;
export type HubState = (typeof HUB_STATES)[number];

/** 1 staff, 2 student, 3 parent, 4 enterprise, 5 other. */
export const USER_TYPE = Object.freeze({
  STAFF: 1,
  STUDENT: 2,
  PARENT: 3,
  ENTERPRISE: 4,
  OTHER: 5,
} as const);
export type UserTypeCode = (typeof USER_TYPE)[keyof typeof USER_TYPE];

/** Outcome of a campus id carried by a notice or to-do link. */
export type CampusSwitch =
  | { readonly kind: 'none' }
  | { readonly kind: 'switch'; readonly campusId: string }
  | { readonly kind: 'missing'; readonly message: string };
