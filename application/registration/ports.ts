import type { DefiningMatterBody, Matter, MatterResponse } from '../../domain/registration/types';
import { token } from '../ports/token';
import type { CallOptions } from '../ports/call';

export type { DefiningMatterBody, Matter, MatterResponse };

export type { CallOptions };

/**
 * The student a verifier looked up. The spec names `userView` without its shape; the
 * domain reads a number there (the viewer kind 0/1/2), while a server may send the
 * student's card instead (the sandbox does). The adapter keeps a number in `userView`
 * and moves an object here, so both readings survive with their own types.
 */
export interface RegistrationStudent {
  readonly id: string;
  readonly name: string;
  readonly number?: string | null;
  readonly sex?: number | null;
  readonly describe?: string | null;
  readonly idCard?: string | null;
  readonly userImage?: string | null;
  readonly phoneNum?: string | null;
}

/** stumatter-by-num / own-matter answer: the domain's MatterResponse plus the looked-up student. */
export interface MatterAnswer extends MatterResponse {
  readonly student?: RegistrationStudent | null;
}

/** Student registration calls (SPEC point 7 "Registration"). */
export interface RegistrationApi {
  /**
   * GET student/stumatter-by-num?number&nowmatter: a verifier looks a student up by
   * student number or ID number (scanned or typed). `nowMatter` asks for one matter as
   * the current one (after opening a matter from the list); absent for the default.
   */
  studentMatters(query: { number: string; nowMatter?: string | null }, opts?: CallOptions): Promise<MatterAnswer>;
  /** GET student/own-matter: the signed-in student's matters and next step. */
  ownMatters(opts?: CallOptions): Promise<MatterAnswer>;
  /** GET student/{id}/matter-by-id?number: one matter of a student, for the verifier's detail (checkFee). */
  matterById(matterId: string, number: string, opts?: CallOptions): Promise<Matter>;
  /** GET student/{id}/own-matter: one of the signed-in student's matters. */
  ownMatterById(matterId: string, opts?: CallOptions): Promise<Matter>;
  /** POST student/defining-matter: the verifier passes a matter (核验通过), with the chosen items, type and remark. */
  defineMatter(body: DefiningMatterBody, opts?: CallOptions): Promise<void>;
}

export const REGISTRATION_API = token<RegistrationApi>('RegistrationApi');
