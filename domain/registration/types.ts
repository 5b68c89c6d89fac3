/**
 * Student registration entities, named as the wire names them (SPEC point 3, "Registration").
 */

export interface Matter {
  id: string;
  name: string;
  iconImage?: string | null;
  matterDescribe?: string | null;
  /** 1 = 必办. */
  isMustDoIt?: number | null;
  /** 1 handled, 0 not. */
  isMatterHand?: number | null;
  /** HTML shown on the matter detail (checkFee). */
  content?: string | null;
  /** 0 waiting, 1 blocked (see msg), 2 nothing can be handled, 3 done. */
  type?: number | null;
  msg?: string | null;
  handName?: string | null;
  doneTime?: string | null;
  /** Comma-separated sub-items on offer. */
  subMatters?: string | null;
  /** Comma-separated sub-items chosen. */
  fillSubMatters?: string | null;
  /** Comma-separated types on offer. */
  subBeType?: string | null;
  /** Comma-separated types chosen. */
  fillSubBeType?: string | null;
  /** 0 no remark, 1 optional, 2 required. */
  subBeRemark?: number | null;
  fillSubBeRemark?: string | null;
}

/** Answer of stumatter-by-num (nowMatter) and own-matter (nextMatter). */
export interface MatterResponse {
  nowMatter?: Matter | null;
  nextMatter?: Matter | null;
  matterHands?: Matter[] | null;
  /** -1 unknown, 0 outside the registration period. */
  isHandData?: number | null;
  userView?: number | null;
}

/** Who looks at the registration page: 1 verifier, 2 student, 0 anyone else (parent, other). */
export type RegistrationViewer = 0 | 1 | 2;

export type MatterState = 'waiting' | 'blocked' | 'unavailable' | 'done';

/** 0 no remark, 1 optional, 2 required. */
export type RemarkMode = 0 | 1 | 2;

/** The selectTypeRemarks form. Types are a list because the wire keeps them comma-separated. */
export interface RemarkForm {
  items: string[];
  types: string[];
  remark: string;
}

/** Body of POST /student/defining-matter. */
export interface DefiningMatterBody {
  number: string;
  matterId: string;
  fillSubMatters?: string;
  fillSubBeType?: string;
  fillSubBeRemark?: string;
}

export interface DescribeParts {
  organisation: string;
  major: string;
  className: string;
}
