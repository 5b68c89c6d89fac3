import type { DefiningMatterBody, Matter, MatterResponse } from '../../domain/registration/types';

export type { DefiningMatterBody, Matter, MatterResponse };

/** Every call may be abandoned by the screen that asked (the promise then rejects with an ApiError 'cancelled'). */
export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** Student registration calls (SPEC point 7 "Registration"). */
export interface RegistrationApi {
  /**
   * GET student/stumatter-by-num?number&nowmatter: a verifier looks a student up by
   * student number or ID number (scanned or typed). `nowMatter` asks for one matter as
   * the current one (after opening a matter from the list); absent for the default.
   */
  studentMatters(query: { number: string; nowMatter?: string | null }, opts?: CallOptions): Promise<MatterResponse>;
  /** GET student/own-matter: the signed-in student's matters and next step. */
  ownMatters(opts?: CallOptions): Promise<MatterResponse>;
  /** GET student/{id}/matter-by-id?number: one matter of a student, for the verifier's detail (checkFee). */
  matterById(matterId: string, number: string, opts?: CallOptions): Promise<Matter>;
  /** GET student/{id}/own-matter: one of the signed-in student's matters. */
  ownMatterById(matterId: string, opts?: CallOptions): Promise<Matter>;
  /** POST student/defining-matter: the verifier passes a matter (核验通过), with the chosen items, type and remark. */
  defineMatter(body: DefiningMatterBody, opts?: CallOptions): Promise<void>;
}

export const REGISTRATION_API = Symbol.for('RegistrationApi');
