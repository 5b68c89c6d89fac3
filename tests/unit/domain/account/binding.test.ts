import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildStudentBindingPayload,
  canBindMoreStudents,
  isRelationship,
  MAX_BOUND_STUDENTS,
  parentIdOrEmpty,
  RELATIONSHIP_OPTIONS,
  relationshipLabel,
  STUDENT_ID_TYPE,
} from '../../../../domain/account/binding';
import { EMPTY_GUID } from '../../../../domain/shared/formats';
import { BINDING_INCOMPLETE, BINDING_LIMIT_REACHED, RELATIONSHIP_LABELS } from '../../../../domain/account/messages';

describe('relationship options', () => {
  it.each([
    [0, '家长'],
    [1, '爸爸'],
    [2, '妈妈'],
    [3, '爷爷'],
    [4, '奶奶'],
    [5, '外公'],
    [6, '外婆'],
  ])('%i is %s', (value, label) => {
    expect(relationshipLabel(value)).toBe(label);
    expect(RELATIONSHIP_LABELS[value as 0]).toBe(label);
    expect(RELATIONSHIP_OPTIONS[value]).toEqual({ value, label });
  });

  it('has exactly seven options in order', () => {
    expect(RELATIONSHIP_OPTIONS.map((o) => o.value)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it.each([[-1], [7], [1.5], ['1'], [null], [undefined]])('%j is not a relationship', (value) => {
    expect(isRelationship(value)).toBe(false);
    expect(relationshipLabel(value)).toBeNull();
  });
});

describe('student binding constants', () => {
  it.each([
    [MAX_BOUND_STUDENTS, 5],
    [STUDENT_ID_TYPE, '1'],
    [EMPTY_GUID, '00000000-0000-0000-0000-000000000000'],
    [BINDING_INCOMPLETE, '请将项目信息填写完整'],
    [BINDING_LIMIT_REACHED, '最多绑定5个学生'],
  ])('%j is %j', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it.each([
    [null, EMPTY_GUID],
    [undefined, EMPTY_GUID],
    ['', EMPTY_GUID],
    ['  ', EMPTY_GUID],
    ['abc', 'abc'],
  ])('parentIdOrEmpty(%j) is %j', (id, expected) => {
    expect(parentIdOrEmpty(id)).toBe(expected);
  });

  it.each([
    [0, true],
    [4, true],
    [5, false],
    [6, false],
    [Number.NaN, true],
  ])('canBindMoreStudents(%j) is %j', (count, expected) => {
    expect(canBindMoreStudents(count)).toBe(expected);
  });
});

describe('buildStudentBindingPayload', () => {
  const full = { campusId: 'c1', studentName: '张三', studentIdCard: '110101200001011234', type: 1 };

  it('builds the payload with idType "1" and the tenant id as schoolId', () => {
    expect(buildStudentBindingPayload({ ...full, studentName: ' 张三 ' }, 'tenant-9', 0)).toEqual({
      ok: true,
      value: {
        campusId: 'c1',
        studentName: '张三',
        studentIdCard: '110101200001011234',
        type: 1,
        idType: '1',
        schoolId: 'tenant-9',
      },
    });
  });

  it('accepts relationship 0 (家长) as a choice', () => {
    const result = buildStudentBindingPayload({ ...full, type: 0 }, 't', 4);
    expect(result.ok && result.value.type).toBe(0);
  });

  it.each([
    ['campusId', { ...full, campusId: '' }],
    ['studentName', { ...full, studentName: '  ' }],
    ['studentIdCard', { ...full, studentIdCard: null }],
    ['type missing', { ...full, type: null }],
    ['type unknown', { ...full, type: 9 }],
    ['empty form', {}],
  ])('%s gives 请将项目信息填写完整', (_name, form) => {
    expect(buildStudentBindingPayload(form, 't', 0)).toEqual({ ok: false, error: '请将项目信息填写完整' });
  });

  it('the limit of 5 comes first', () => {
    expect(buildStudentBindingPayload({}, 't', 5)).toEqual({ ok: false, error: BINDING_LIMIT_REACHED });
    expect(buildStudentBindingPayload(full, 't', 5)).toEqual({ ok: false, error: '最多绑定5个学生' });
  });

  it('accepts any complete form under the limit and never throws', () => {
    const nonBlank = fc.string({ minLength: 1 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(
        nonBlank,
        nonBlank,
        nonBlank,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 4 }),
        (campusId, studentName, studentIdCard, type, bound) => {
          const result = buildStudentBindingPayload({ campusId, studentName, studentIdCard, type }, 'tenant', bound);
          expect(result).toEqual({
            ok: true,
            value: {
              campusId: campusId.trim(),
              studentName: studentName.trim(),
              studentIdCard: studentIdCard.trim(),
              type,
              idType: '1',
              schoolId: 'tenant',
            },
          });
        },
      ),
    );
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (form, bound) => {
        const result = buildStudentBindingPayload(form as never, 't', bound as number);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });

  it('rejects any count of 5 or more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5 }), (bound) => {
        expect(buildStudentBindingPayload(full, 't', bound)).toEqual({ ok: false, error: BINDING_LIMIT_REACHED });
      }),
    );
  });
});
