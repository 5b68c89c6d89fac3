/**
 * A parent's bound students (SPEC point 2 "Home and me", "Account and security", points
 * 5 and 6: only parents see and manage them; point 9: at most 5): the me page's card,
 * unbinding, and binding another one on page/bindStudent.
 */
import { contentKey } from '../shared/idempotency';
import { buildStudentBindingPayload, canBindMoreStudents, MAX_BOUND_STUDENTS } from '../../domain/account/binding';
import { canSeeBoundStudents } from '../../domain/account/profile';
import type { StudentBindingForm } from '../../domain/account/types';
import { err } from '../../domain/shared/result';
import { attempt, invalid, isMissingCall, type Outcome } from '../shared/failure';
import { PATHS } from '../shared/routes';
import type { AccountApi, BoundStudent, CallOptions } from './ports';

export { MAX_BOUND_STUDENTS };

/** The route of the binding page (SPEC point 2 route table). */
export const BIND_STUDENT_ROUTE = PATHS.bindStudent;

export interface BoundStudentsView {
  readonly students: readonly BoundStudent[];
  /** The add entry shows while fewer than 5 are bound. */
  readonly canAdd: boolean;
}

export const boundStudentsView = (students: readonly BoundStudent[]): BoundStudentsView => ({
  students,
  canAdd: canBindMoreStudents(students.length),
});

/**
 * The parent's bound students; other user types never call (an empty card is not shown).
 * Rejects with the ApiError on failure (inside an effect, where failureOf reads it).
 */
export async function loadBoundStudents(api: AccountApi, userType: unknown, opts?: CallOptions): Promise<BoundStudentsView | null> {
  if (!canSeeBoundStudents(userType)) return null;
  return boundStudentsView(await api.boundStudents(opts));
}

/**
 * Unbinds one student (DELETE student-parent-binding/{id}) after the model's confirm
 * (解绑学生 / 此操作将解绑该学生！), then answers the list as the server now has it.
 * Rejects like loadBoundStudents.
 */
export async function unbindStudent(api: AccountApi, studentId: string): Promise<BoundStudentsView> {
  await api.unbindStudent(studentId);
  return boundStudentsView(await api.boundStudents());
}

/**
 * 确认绑定: the bound students are counted first (at most 5), then the form's rules
 * (请将项目信息填写完整), then the binding. A backend without the bound-students call
 * (404 or 501, docs/decided-calls.md) cannot be asked for the count: the binding is sent
 * and the server holds the limit.
 */
export async function bindStudent(
  deps: { api: Pick<AccountApi, 'boundStudents' | 'bindStudent'> },
  form: StudentBindingForm,
  tenantId: string | null | undefined,
  sitting?: string,
): Promise<Outcome<void>> {
  const bound = await attempt(() => deps.api.boundStudents());
  if (!bound.ok && !isMissingCall(bound.error)) return bound;
  const payload = buildStudentBindingPayload(form, typeof tenantId === 'string' ? tenantId.trim() : '', bound.ok ? bound.value.length : 0);
  if (!payload.ok) return err(invalid(payload.error));
  // Sent again after a lost answer, the same binding is done once (saveTodo says how).
  const opts = sitting === undefined ? {} : { idempotencyKey: contentKey(sitting, payload.value) };
  return attempt(() => deps.api.bindStudent(payload.value, opts));
}
