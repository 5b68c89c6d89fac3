import { EMPTY_GUID } from '../shared/formats';
import { err, ok, type Result } from '../shared/result';
import { BINDING_INCOMPLETE, BINDING_LIMIT_REACHED, RELATIONSHIP_LABELS } from './messages';
import type { Relationship, StudentBindingForm, StudentBindingPayload } from './types';
import { trimmed } from '../shared/guards';

export const MAX_BOUND_STUDENTS = 5;
/** The binding call identifies students by ID number only. */
export const STUDENT_ID_TYPE = '1' as const;

export interface RelationshipOption {
  value: Relationship;
  label: string;
}

export const RELATIONSHIP_OPTIONS: readonly RelationshipOption[] = Object.freeze(
  ([0, 1, 2, 3, 4, 5, 6] as const).map((value) => ({ value, label: RELATIONSHIP_LABELS[value] })),
);

export const isRelationship = (value: unknown): value is Relationship =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6;

/** Label of a relationship code, or null for an unknown one. */
export const relationshipLabel = (value: unknown): string | null =>
  isRelationship(value) ? RELATIONSHIP_LABELS[value] : null;

/** An absent or blank parent id is sent as the all-zero GUID. */
export const parentIdOrEmpty = (id: string | null | undefined): string =>
  typeof id === 'string' && id.trim() !== '' ? id : EMPTY_GUID;

const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

export const canBindMoreStudents = (boundCount: number): boolean => count(boundCount) < MAX_BOUND_STUDENTS;

/**
 * Builds the binding payload. The limit is checked first, since filling in the form is
 * pointless once 5 students are bound; relationship 0 (家长) is a valid choice, not an empty one.
 */
export function buildStudentBindingPayload(
  form: StudentBindingForm | null | undefined,
  tenantId: string,
  boundCount: number,
): Result<StudentBindingPayload, string> {
  if (!canBindMoreStudents(boundCount)) return err(BINDING_LIMIT_REACHED);
  const campusId = trimmed(form?.campusId);
  const studentName = trimmed(form?.studentName);
  const studentIdCard = trimmed(form?.studentIdCard);
  const type = form?.type;
  if (campusId === '' || studentName === '' || studentIdCard === '' || !isRelationship(type)) {
    return err(BINDING_INCOMPLETE);
  }
  return ok({ campusId, studentName, studentIdCard, type, idType: STUDENT_ID_TYPE, schoolId: tenantId });
}
