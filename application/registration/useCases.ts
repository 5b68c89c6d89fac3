/**
 * Student registration use cases (SPEC point 2 "Student registration", points 4, 5, 6):
 * what the report page loads for each kind of viewer, the matter detail, passing a
 * matter (核验通过) with or without the remark form, the QR code text and the verifier's
 * scan. Plain async functions over the RegistrationApi port; they show nothing, the
 * screen models decide what the user is told.
 */
import { canVerifyMatter, registrationView, registrationViewer, type RegistrationView } from '../../domain/registration/matter';
import { buildDefiningMatterBody, needsRemarkForm } from '../../domain/registration/remarks';
import type { Matter, RegistrationViewer, RemarkForm } from '../../domain/registration/types';
import { err } from '../../domain/shared/result';
import type { Navigator } from '../ports/runtime';
import type { NativeShell } from '../ports/shell';
import { attempt, invalid, type Outcome } from '../shared/failure';
import type { CallOptions, MatterAnswer, RegistrationApi, RegistrationStudent } from './ports';
import { selectTypeRemarksPath, trimmed, verifierScannerPath } from './routes';

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
 * both calls for them). Rejects with the ApiError of a failed call (inside an effect,
 * where failureOf reads it).
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
 * matter (matter-by-id with the number), or the student's own. Rejects like loadReport.
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

/**
 * POST defining-matter for `matter` of the student `number`, after the remark form's
 * rules (请选择项目, 请选择类型, 请填写备注, at most 500: an 'invalid' failure with the
 * rule's message). Success is the model's to tell (核验成功).
 */
export async function verifyMatter(
  deps: { api: RegistrationApi },
  number: string,
  matter: Matter,
  form?: Partial<RemarkForm> | null,
  opts: CallOptions = {},
): Promise<Outcome<void>> {
  const body = buildDefiningMatterBody(number, matter, form);
  if (!body.ok) return err(invalid(body.error));
  return attempt(() => deps.api.defineMatter(body.value, opts));
}

// ---------------------------------------------------------------------------
// QR code and scanner
// ---------------------------------------------------------------------------

/** The text of the student's QR code: the query's idCard, else the user's qrCode. */
export const qrCodeText = (idCardQuery: unknown, userQrCode: unknown): string => trimmed(idCardQuery) || trimmed(userQrCode);

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
