/**
 * Student registration use cases (SPEC point 2 "Student registration", points 4, 5, 6):
 * what the report page loads for each kind of viewer, the matter detail, passing a
 * matter (核验通过) with or without the remark form, the QR code text and the scanner's
 * way back. Plain async functions over the RegistrationApi port.
 */
import {
  canVerifyMatter,
  registrationView,
  registrationViewer,
  type RegistrationView,
} from '../../domain/registration/matter';
import { VERIFY_SUCCESS } from '../../domain/registration/messages';
import { safeRedirectPath } from '../../domain/shell/links';
import { buildDefiningMatterBody, needsRemarkForm } from '../../domain/registration/remarks';
import type { Matter, RegistrationViewer, RemarkForm } from '../../domain/registration/types';
import { TEACHER_SCANNER_CONTENT, TEACHER_SCANNER_TITLE } from '../apps/useCases';
import { ApiError, messageOf } from '../ports/errors';
import type { Navigator } from '../ports/runtime';
import type { NativeShell } from '../ports/shell';
import type { CallOptions, MatterAnswer, RegistrationApi, RegistrationStudent } from './ports';

/** The registration routes (SPEC point 2 route table), under the base path. */
export const REGISTRATION_ROUTES = Object.freeze({
  report: '/page/student/report',
  qrcode: '/page/student/qrcode',
  checkFee: '/page/student/report/checkFee',
  selectTypeRemarks: '/page/student/report/checkFee/selectTypeRemarks',
  scanner: '/scanner',
});

const query = (params: Record<string, string | number | null | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && String(value) !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};

const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The student a verifier asked for: `code` (a scanned code, or the scanner page's
 * manual entry) or `idCard` (the native scan of a student's QR code); both are what
 * stumatter-by-num takes as `number`.
 */
export const reportNumberOf = (search: string): string => {
  const params = new URLSearchParams(search);
  return trimmed(params.get('code')) || trimmed(params.get('idCard'));
};

export const reportPath = (number?: string | null): string => `${REGISTRATION_ROUTES.report}${query({ code: trimmed(number) })}`;

/** checkFee?idCard&id: the verifier passes the student's number; a student's own matter has none. */
export const checkFeePath = (matterId: string, number?: string | null): string =>
  `${REGISTRATION_ROUTES.checkFee}${query({ idCard: trimmed(number), id: matterId })}`;

/** selectTypeRemarks?idCard&id&backCount: backCount is how far to go back after the pass. */
export const selectTypeRemarksPath = (matterId: string, number: string, backCount: number): string =>
  `${REGISTRATION_ROUTES.selectTypeRemarks}${query({ idCard: trimmed(number), id: matterId, backCount })}`;

export const qrcodePath = (idCard?: string | null): string => `${REGISTRATION_ROUTES.qrcode}${query({ idCard: trimmed(idCard) })}`;

/** backCount from the query: a whole number from 1 to 10, else 1. */
export const backCountOf = (value: unknown): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 10 ? n : 1;
};

// ---------------------------------------------------------------------------
// The report page
// ---------------------------------------------------------------------------

export type ReportState =
  /** A verifier with nobody looked up yet: the search box and the scan entry. */
  | { readonly kind: 'search'; readonly viewer: 1 }
  | {
      readonly kind: 'loaded';
      readonly viewer: RegistrationViewer;
      readonly view: RegistrationView;
      readonly answer: MatterAnswer | null;
      readonly student: RegistrationStudent | null;
      /** The number the verifier looked up ('' for a student's own page). */
      readonly number: string;
    };

export interface ReportQuery {
  /** The signed-in user's type (1 staff, 2 student, ...). */
  readonly userType: unknown;
  /** The student a verifier looks up; ignored for other viewers. */
  readonly number?: string | null;
  /** A matter the verifier opened from the list, shown as the current one. */
  readonly nowMatter?: string | null;
}

/**
 * What the report page shows. A verifier (userType 1) looks a student up by number; a
 * student (2) reads their own matters; anyone else (0: parents, other users) can
 * neither, so they see the waiting message without a call (the server answers 403 to
 * both calls for them). Rejects with the ApiError of a failed call.
 */
export async function loadReport(deps: { api: RegistrationApi }, q: ReportQuery, opts: CallOptions = {}): Promise<ReportState> {
  const viewer = registrationViewer(q.userType);
  if (viewer === 1) {
    const number = trimmed(q.number);
    if (number === '') return { kind: 'search', viewer: 1 };
    const answer = await deps.api.studentMatters({ number, nowMatter: trimmed(q.nowMatter) || null }, opts);
    return { kind: 'loaded', viewer, view: registrationView(answer, 1), answer, student: answer.student ?? null, number };
  }
  if (viewer === 2) {
    const answer = await deps.api.ownMatters(opts);
    const own = registrationViewer(q.userType, answer.userView);
    return { kind: 'loaded', viewer: own, view: registrationView(answer, own), answer, student: answer.student ?? null, number: '' };
  }
  // No call can answer for them; an empty period (isHandData 1) shows the waiting message.
  return { kind: 'loaded', viewer, view: registrationView({ isHandData: 1, matterHands: [] }, 0), answer: null, student: null, number: '' };
}

/**
 * One matter for checkFee and the remark form: the verifier's view of a student's
 * matter (matter-by-id with the number), or the student's own.
 */
export function loadMatter(
  deps: { api: RegistrationApi },
  q: { userType: unknown; matterId: string; number?: string | null },
  opts: CallOptions = {},
): Promise<Matter> {
  const number = trimmed(q.number);
  if (registrationViewer(q.userType) === 1 && number !== '') return deps.api.matterById(q.matterId, number, opts);
  return deps.api.ownMatterById(q.matterId, opts);
}

// ---------------------------------------------------------------------------
// Passing a matter
// ---------------------------------------------------------------------------

export type VerifyStart =
  | { readonly kind: 'remarks'; readonly path: string }
  | { readonly kind: 'direct' }
  | { readonly kind: 'unavailable' };

/**
 * What 核验通过 does: the remark form first when the matter asks for items, a type or a
 * remark (selectTypeRemarks, which goes back `backCount` entries after the pass),
 * otherwise the pass at once.
 */
export function startVerify(matter: Matter | null | undefined, number: string, backCount: number): VerifyStart {
  if (!matter || !canVerifyMatter(matter)) return { kind: 'unavailable' };
  if (needsRemarkForm(matter)) return { kind: 'remarks', path: selectTypeRemarksPath(matter.id, number, backCount) };
  return { kind: 'direct' };
}

export type VerifyOutcome =
  | { readonly ok: true; readonly toast: string }
  /** `field` marks a form rule (the remark form shows it by its field); otherwise the server's message. */
  | { readonly ok: false; readonly message: string; readonly cancelled?: boolean };

/**
 * POST defining-matter for `matter` of the student `number`, after the remark form's
 * rules (请选择项目, 请选择类型, 请填写备注, at most 500). Success is 核验成功.
 */
export async function verifyMatter(
  deps: { api: RegistrationApi },
  number: string,
  matter: Matter,
  form?: Partial<RemarkForm> | null,
  opts: CallOptions = {},
): Promise<VerifyOutcome> {
  const body = buildDefiningMatterBody(number, matter, form);
  if (!body.ok) return { ok: false, message: body.error };
  try {
    await deps.api.defineMatter(body.value, opts);
    return { ok: true, toast: VERIFY_SUCCESS };
  } catch (e) {
    return { ok: false, message: messageOf(e), cancelled: e instanceof ApiError && e.cancelled };
  }
}

// ---------------------------------------------------------------------------
// QR code and scanner
// ---------------------------------------------------------------------------

/** The text of the student's QR code: the query's idCard, else the user's qrCode. */
export const qrCodeText = (idCardQuery: unknown, userQrCode: unknown): string => trimmed(idCardQuery) || trimmed(userQrCode);

export interface ScannerQuery {
  readonly modalTitle: string;
  readonly modalContent: string;
  /** An in-app path, or null when absent or unsafe. */
  readonly redirect: string | null;
}

/**
 * Only a path inside the app may be a redirect: an absolute or protocol-relative
 * address in the query would let a crafted link send a scanned code to another site.
 * The rule is the app's one redirect rule (domain safeRedirectPath, base '/': paths
 * are in-app router paths).
 */
export function safeRedirect(value: unknown): string | null {
  return safeRedirectPath(trimmed(value), '/');
}

export const scannerQueryOf = (search: string): ScannerQuery => {
  const params = new URLSearchParams(search);
  return {
    modalTitle: trimmed(params.get('modalTitle')),
    modalContent: trimmed(params.get('modalContent')),
    redirect: safeRedirect(params.get('redirect')),
  };
};

/** Where the scanner page goes with a result: redirect?code=<text>, keeping the redirect's own query. */
export function scannerResultPath(redirect: string, text: string): string {
  const at = redirect.indexOf('?');
  const path = at < 0 ? redirect : redirect.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : redirect.slice(at + 1));
  params.set('code', text.trim());
  return `${path}?${params.toString()}`;
}

/** The scanner page for the verifier's lookup, with the texts of the teacher's student-report entry. */
export const verifierScannerPath = (): string =>
  `${REGISTRATION_ROUTES.scanner}${query({
    modalTitle: TEACHER_SCANNER_TITLE,
    modalContent: TEACHER_SCANNER_CONTENT,
    redirect: REGISTRATION_ROUTES.report,
  })}`;

/**
 * The verifier's scan on the report page: the native scanner inside the shell (the
 * scanned text, or null when closed); in a browser the scanner page, which comes back
 * to the report page with ?code=.
 */
export async function scanStudent(deps: { shell: Pick<NativeShell, 'isInShell' | 'scan'>; navigator: Pick<Navigator, 'go'> }): Promise<string | null> {
  if (!deps.shell.isInShell()) {
    deps.navigator.go(verifierScannerPath());
    return null;
  }
  const text = trimmed(await deps.shell.scan());
  return text === '' ? null : text;
}
