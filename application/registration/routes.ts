/**
 * The registration pages' addresses and what their queries mean (SPEC point 2 route
 * table: page/student/report, its checkFee and selectTypeRemarks, page/student/qrcode,
 * the scanner). Paths are built from PATHS, so the route table and these agree.
 */
import { safeRedirectPath } from '../../domain/shell/links';
import { TEACHER_SCANNER_CONTENT, TEACHER_SCANNER_TITLE } from '../../domain/registration/messages';
import { PATHS, queryOf } from '../shared/routes';
import { trimmed } from '../../domain/shared/guards';

export { trimmed };

const query = queryOf;

/**
 * The student a verifier asked for: `code` (a scanned code, or the scanner page's
 * manual entry) or `idCard` (the native scan of a student's QR code); both are what
 * stumatter-by-num takes as `number`.
 */
export const reportNumberOf = (search: string): string => {
  const params = new URLSearchParams(search);
  return trimmed(params.get('code')) || trimmed(params.get('idCard'));
};

export const reportPath = (number?: string | null): string => `${PATHS.studentReport}${query({ code: trimmed(number) })}`;

/** checkFee?idCard&id: the verifier passes the student's number; a student's own matter has none. */
export const checkFeePath = (matterId: string, number?: string | null): string =>
  `${PATHS.checkFee}${query({ idCard: trimmed(number), id: matterId })}`;

/** selectTypeRemarks?idCard&id&backCount: backCount is how far to go back after the pass. */
export const selectTypeRemarksPath = (matterId: string, number: string, backCount: number): string =>
  `${PATHS.selectTypeRemarks}${query({ idCard: trimmed(number), id: matterId, backCount })}`;

export const qrcodePath = (idCard?: string | null): string => `${PATHS.studentQrCode}${query({ idCard: trimmed(idCard) })}`;

/** backCount from the query: a whole number from 1 to 10, else 1. */
export const backCountOf = (value: unknown): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 10 ? n : 1;
};

/** checkFee's and selectTypeRemarks' query: the matter (id) and the student's number (idCard). */
export const matterQueryOf = (search: string): { matterId: string; number: string; backCount: number } => {
  const params = new URLSearchParams(search);
  return { matterId: trimmed(params.get('id')), number: trimmed(params.get('idCard')), backCount: backCountOf(params.get('backCount')) };
};

// ---------------------------------------------------------------------------
// The scanner page
// ---------------------------------------------------------------------------

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
  `${PATHS.scanner}${query({
    modalTitle: TEACHER_SCANNER_TITLE,
    modalContent: TEACHER_SCANNER_CONTENT,
    redirect: PATHS.studentReport,
  })}`;
