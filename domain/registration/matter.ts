import {
  ALL_MATTERS_DONE,
  HANDLE_THIS_STEP_FIRST,
  MATTER_BLOCKED_FALLBACK,
  MATTER_HANDLED,
  MATTER_NOT_HANDLED,
  MATTER_UNAVAILABLE,
  MUST_DO,
  MY_QR_CODE,
  NEXT_STEP_TITLE,
  NO_MATTER_CONTENT,
  OUTSIDE_REGISTRATION_PERIOD,
  progressTitle,
  REFRESH_STATUS,
  VERIFY_PASS,
  WAITING_FOR_HANDLING,
} from './messages';
import { parseCommaList } from './lists';
import type { Matter, MatterResponse, MatterState, RegistrationViewer } from './types';

/** The report's matters are drawn this many rows at a time as the user scrolls: a backend may send thousands. */
export const MATTER_ROWS_PER_STEP = 30;
export const MATTER_TYPE_WAITING = 0;
export const MATTER_TYPE_BLOCKED = 1;
export const MATTER_TYPE_UNAVAILABLE = 2;
export const MATTER_TYPE_DONE = 3;
export const HAND_DATA_UNKNOWN = -1;
export const HAND_DATA_OUTSIDE_PERIOD = 0;

/** An unknown type cannot be acted on, so it reads as "nothing can be handled". */
export function matterState(type: unknown): MatterState {
  switch (type) {
    case MATTER_TYPE_WAITING:
      return 'waiting';
    case MATTER_TYPE_BLOCKED:
      return 'blocked';
    case MATTER_TYPE_DONE:
      return 'done';
    default:
      return 'unavailable';
  }
}

export const isMatterHandled = (matter: Pick<Matter, 'isMatterHand'>): boolean => matter.isMatterHand === 1;
export const isMustDo = (matter: Pick<Matter, 'isMustDoIt'>): boolean => matter.isMustDoIt === 1;

/**
 * The registration page's own notion of user type: the server's userView when it gives
 * one of 0, 1, 2; otherwise staff verify (1), students register (2), everyone else waits (0).
 */
export function registrationViewer(userType: unknown, userView?: unknown): RegistrationViewer {
  if (userView === 0 || userView === 1 || userView === 2) return userView;
  if (userType === 1) return 1;
  if (userType === 2) return 2;
  return 0;
}

export type MatterStateBlock =
  | { kind: 'verify'; label: string }
  | { kind: 'handleFirst'; text: string }
  | { kind: 'waiting'; text: string }
  | { kind: 'blocked'; text: string }
  | { kind: 'unavailable'; text: string }
  | { kind: 'done'; text: string; handName: string | null; doneTime: string | null };

/**
 * The state block under a matter. A waiting matter offers 核验通过 to a verifier, asks a
 * student to handle it, and shows the waiting message to anyone else.
 */
export function matterStateBlock(matter: Matter, viewer: RegistrationViewer): MatterStateBlock {
  const state = isMatterHandled(matter) ? 'done' : matterState(matter.type);
  switch (state) {
    case 'done':
      return {
        kind: 'done',
        text: MATTER_HANDLED,
        handName: typeof matter.handName === 'string' && matter.handName !== '' ? matter.handName : null,
        doneTime: typeof matter.doneTime === 'string' && matter.doneTime !== '' ? matter.doneTime : null,
      };
    case 'blocked':
      return {
        kind: 'blocked',
        text: typeof matter.msg === 'string' && matter.msg.trim() !== '' ? matter.msg : MATTER_BLOCKED_FALLBACK,
      };
    case 'unavailable':
      return { kind: 'unavailable', text: MATTER_UNAVAILABLE };
    default:
      if (viewer === 1) return { kind: 'verify', label: VERIFY_PASS };
      if (viewer === 2) return { kind: 'handleFirst', text: HANDLE_THIS_STEP_FIRST };
      return { kind: 'waiting', text: WAITING_FOR_HANDLING };
  }
}

/** A verifier may pass a matter that is waiting and not yet handled. */
export const canVerifyMatter = (matter: Matter | null | undefined): boolean =>
  !!matter && !isMatterHandled(matter) && matterState(matter.type) === 'waiting';

export interface MatterRow {
  id: string;
  name: string;
  iconImage: string | null;
  mustDo: string | null;
  handled: boolean;
  handledLabel: string;
}

export const matterRow = (matter: Matter): MatterRow => ({
  id: matter.id,
  name: typeof matter.name === 'string' ? matter.name : '',
  iconImage: typeof matter.iconImage === 'string' && matter.iconImage !== '' ? matter.iconImage : null,
  mustDo: isMustDo(matter) ? MUST_DO : null,
  handled: isMatterHandled(matter),
  handledLabel: isMatterHandled(matter) ? MATTER_HANDLED : MATTER_NOT_HANDLED,
});

const mattersOf = (response: MatterResponse): Matter[] =>
  Array.isArray(response.matterHands) ? response.matterHands.filter((m) => m && typeof m === 'object') : [];

/** 事项办理情况（done / total）. */
export function matterProgress(matters: readonly Matter[]): { done: number; total: number; title: string } {
  const done = matters.filter(isMatterHandled).length;
  return { done, total: matters.length, title: progressTitle(done, matters.length) };
}

export type RegistrationView =
  | { kind: 'unknown' }
  | { kind: 'outsidePeriod'; text: string }
  | {
      kind: 'verifier';
      current: Matter | null;
      currentState: MatterStateBlock | null;
      canVerify: boolean;
      verifyLabel: string;
      progressTitle: string;
      refreshLabel: string;
      rows: MatterRow[];
    }
  | {
      kind: 'student';
      qrEntryLabel: string;
      next: { title: string; hint: string; matter: Matter } | null;
      allDoneText: string | null;
      rows: MatterRow[];
    }
  | { kind: 'waiting'; text: string; current: Matter | null; rows: MatterRow[] };

/**
 * The registration page. isHandData -1 (or no answer) shows nothing yet and 0 is outside
 * the period; a student with no next matter has finished everything.
 */
export function registrationView(response: MatterResponse | null | undefined, viewer: RegistrationViewer): RegistrationView {
  if (!response || typeof response !== 'object' || response.isHandData === HAND_DATA_UNKNOWN) return { kind: 'unknown' };
  if (response.isHandData === HAND_DATA_OUTSIDE_PERIOD) return { kind: 'outsidePeriod', text: OUTSIDE_REGISTRATION_PERIOD };
  const matters = mattersOf(response);
  const rows = matters.map(matterRow);
  if (viewer === 1) {
    const current = response.nowMatter ?? null;
    return {
      kind: 'verifier',
      current,
      currentState: current ? matterStateBlock(current, 1) : null,
      canVerify: canVerifyMatter(current),
      verifyLabel: VERIFY_PASS,
      progressTitle: matterProgress(matters).title,
      refreshLabel: REFRESH_STATUS,
      rows,
    };
  }
  if (viewer === 2) {
    const next = response.nextMatter ?? null;
    return {
      kind: 'student',
      qrEntryLabel: MY_QR_CODE,
      next: next ? { title: NEXT_STEP_TITLE, hint: HANDLE_THIS_STEP_FIRST, matter: next } : null,
      allDoneText: next ? null : ALL_MATTERS_DONE,
      rows,
    };
  }
  return { kind: 'waiting', text: WAITING_FOR_HANDLING, current: response.nowMatter ?? response.nextMatter ?? null, rows };
}

/** Content counts as empty when it has neither text nor embedded media once tags are removed. */
export function hasMatterContent(content: unknown): content is string {
  if (typeof content !== 'string') return false;
  if (/<(img|video|audio|iframe)\b/i.test(content)) return true;
  const text = content.replace(/<[^>]*>/g, '').replace(/&nbsp;/gi, ' ');
  return text.trim() !== '';
}

/** The checkFee content: the HTML, or 无事项内容. */
export const matterContentView = (content: unknown): { empty: true; text: string } | { empty: false; html: string } =>
  hasMatterContent(content) ? { empty: false, html: content } : { empty: true, text: NO_MATTER_CONTENT };

/** What was chosen for a handled matter, as shown on checkFee. */
export const chosenSubItems = (matter: Matter): { items: string[]; types: string[]; remark: string | null } => ({
  items: parseCommaList(matter.fillSubMatters),
  types: parseCommaList(matter.fillSubBeType),
  remark: typeof matter.fillSubBeRemark === 'string' && matter.fillSubBeRemark.trim() !== '' ? matter.fillSubBeRemark : null,
});
