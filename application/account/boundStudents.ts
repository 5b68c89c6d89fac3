/**
 * The me page's bound-students card (SPEC point 2 "Home and me", point 6: only parents
 * see and manage bound students; point 9: at most 5).
 */
import { canBindMoreStudents, MAX_BOUND_STUDENTS } from '../../domain/account/binding';
import { canSeeBoundStudents } from '../../domain/account/profile';
import type { AccountApi, BoundStudent, CallOptions } from './ports';

export { MAX_BOUND_STUDENTS };

/** The route of the binding page (SPEC point 2 route table). */
export const BIND_STUDENT_ROUTE = '/page/bindStudent';

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
 * Rejects with the ApiError on failure so the screen can show its message.
 */
export async function loadBoundStudents(api: AccountApi, userType: unknown, opts?: CallOptions): Promise<BoundStudentsView | null> {
  if (!canSeeBoundStudents(userType)) return null;
  return boundStudentsView(await api.boundStudents(opts));
}

/**
 * Unbinds one student (DELETE student-parent-binding/{id}) after the screen's confirm
 * (解绑学生 / 此操作将解绑该学生！), then answers the list as the server now has it.
 */
export async function unbindStudent(api: AccountApi, studentId: string): Promise<BoundStudentsView> {
  await api.unbindStudent(studentId);
  return boundStudentsView(await api.boundStudents());
}
