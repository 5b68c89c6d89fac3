import { describe, expect, it } from 'vitest';
import {
  buildDraftBody,
  buildHandlingBody,
  buildInitiateBody,
  buildSubmitHandlingBody,
  type ActionHandlingInput,
} from '../../../../domain/approval';

const formData = { code: 'leave', mainTable: { id: 'm', fields: [] }, subTable: [] };
const nextStep = { flowNodeId: 'n2', userIds: ['u1', 'u2'], sendIds: ['s1'] };
const base: ActionHandlingInput = {
  type: 0,
  flowRunPrcsId: 'prcs-1',
  formData,
  opinion: '同意',
  signature: { path: '/sig/a.png', object: 'sig/a.png' },
  files: [{ name: 'a.pdf', path: '/a.pdf' }],
  nextStep,
  returnNodeId: 'n0',
};

describe('handling body from the action screen (SPEC point 7)', () => {
  it('agree sends the chosen step, handlers and recipients', () => {
    expect(buildHandlingBody(base)).toEqual({
      flowNodeId: 'n2',
      flowRunPrcsId: 'prcs-1',
      formData,
      type: 0,
      mark: '同意',
      autographPath: '/sig/a.png',
      autographObject: 'sig/a.png',
      files: [{ name: 'a.pdf', path: '/a.pdf' }],
      userIds: ['u1', 'u2'],
      sendIds: ['s1'],
    });
  });

  it.each([
    [1, null],
    [2, 'n0'],
  ] as const)('type %i sends step %j and no people', (type, flowNodeId) => {
    expect(buildHandlingBody({ ...base, type })).toMatchObject({ type, flowNodeId, userIds: [], sendIds: [] });
  });

  it('has exactly the spec fields, with empty defaults', () => {
    const body = buildHandlingBody({ type: 2, flowRunPrcsId: null, formData: null, opinion: 'x', returnNodeId: '  ' });
    expect(Object.keys(body).sort()).toEqual(
      ['autographObject', 'autographPath', 'files', 'flowNodeId', 'flowRunPrcsId', 'formData', 'mark', 'sendIds', 'type', 'userIds'].sort(),
    );
    expect(body).toMatchObject({ flowNodeId: null, autographPath: null, autographObject: null, files: [] });
    expect(buildHandlingBody({ type: 0, flowRunPrcsId: null, formData: null, opinion: 7 as unknown as string })).toMatchObject({
      flowNodeId: null,
      mark: '',
      userIds: [],
      sendIds: [],
    });
  });
});

describe('other bodies', () => {
  it('the detail submit case is type 3', () => {
    expect(buildSubmitHandlingBody({ flowRunPrcsId: 'prcs-1', formData, nextStep })).toEqual({
      flowNodeId: 'n2',
      flowRunPrcsId: 'prcs-1',
      formData,
      type: 3,
      userIds: ['u1', 'u2'],
      sendIds: ['s1'],
    });
  });

  it.each([
    ['submit', buildInitiateBody({ formData, nextStep }), { formData, flowNodeId: 'n2', isInitiate: 1, userIds: ['u1', 'u2'], sendIds: ['s1'] }],
    ['draft', buildDraftBody(formData), { formData, flowNodeId: null, isInitiate: 0, userIds: [], sendIds: [] }],
  ])('initiate %s body', (_name, body, expected) => {
    expect(body).toEqual(expected);
  });
});
