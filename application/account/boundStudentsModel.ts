/**
 * The me tab's bound-students card (SPEC point 2 "Home and me", point 6): a parent's
 * students, an edit / done toggle, unbinding after 解绑学生 / 此操作将解绑该学生！ (then
 * 操作成功), and the add entry while fewer than 5 are bound. A failed load shows an
 * empty card that may still add, and is told.
 *
 * A backend without the calls (404 or 501, docs/decided-calls.md): without the list the
 * card hides (nothing told); without the unbind the 编辑 toggle goes once it has failed.
 * Either stays so for the session (the app's record of missing calls).
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { UNBIND_CONTENT, UNBIND_TITLE } from '../../domain/account/messages';
import { OPERATION_SUCCESS } from '../../domain/shared/messages';
import type { Notifier } from '../ports/runtime';
import { NOTIFIER } from '../ports/tokens';
import { failureOf, isMissingCall, type Failure } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { createMissingCalls, MISSING_CALLS, type MissingCalls } from '../shared/missingCalls';
import { defineScreen } from '../shared/screens';
import { loadBoundStudents, unbindStudent, type BoundStudentsView } from './boundStudents';
import { ACCOUNT_API, type AccountApi } from './ports';

export interface BoundStudentsModelDeps {
  readonly api: AccountApi;
  readonly notifier: Pick<Notifier, 'success' | 'fail' | 'confirm'>;
  /** The calls the backend lacks (the app's record); a list of its own when not given. */
  readonly missingCalls?: MissingCalls;
}

const NONE: BoundStudentsView = { students: [], canAdd: false };
const UNKNOWN: BoundStudentsView = { students: [], canAdd: true };

export function createBoundStudentsModel(deps: BoundStudentsModelDeps, userType: unknown) {
  const opened = createEvent();
  const editToggled = createEvent();
  const unbindRequested = createEvent<string>();

  const missingCalls = deps.missingCalls ?? createMissingCalls();
  const $missing = missingCalls.$missing;
  /** The card shows while the backend may have the list call. */
  const $available = $missing.map((missing) => !missing.includes('boundStudents'));
  /** 编辑 (and unbinding) while the backend may have the unbind call. */
  const $canUnbind = $missing.map((missing) => !missing.includes('unbindStudent'));

  let inFlight: AbortController | null = null;
  const loadFx = createEffect(async () => {
    inFlight?.abort();
    inFlight = new AbortController();
    return (await loadBoundStudents(deps.api, userType, { signal: inFlight.signal })) ?? NONE;
  });
  const loadFailure = loadFx.failData.map(failureOf);
  sample({ clock: loadFailure, filter: isMissingCall, fn: () => 'boundStudents' as const, target: missingCalls.noted });
  const loadFailed = sample({ clock: loadFailure, filter: (f: Failure) => f.kind !== 'cancelled' && !isMissingCall(f) });

  /** null while the first load runs (the skeleton). */
  const $view = createStore<BoundStudentsView | null>(null, { serialize: 'ignore' })
    .on(loadFx.doneData, (_, view) => view)
    .on(loadFailed, () => UNKNOWN);
  const $editing = createStore(false, { serialize: 'ignore' }).on(editToggled, (editing) => !editing);
  const unbindFailure = createEvent<Failure>();
  sample({ clock: unbindFailure, filter: isMissingCall, fn: () => 'unbindStudent' as const, target: missingCalls.noted });
  $editing.on(missingCalls.noted, (editing, call) => (call === 'unbindStudent' ? false : editing));
  /** The student being unbound. */
  const $busy = createStore<string | null>(null, { serialize: 'ignore' });

  /** Answers the student to unbind once the user said yes. */
  const confirmFx = createEffect(async (id: string) => ((await deps.notifier.confirm({ title: UNBIND_TITLE, content: UNBIND_CONTENT })) ? id : null));
  const unbindStudentFx = createEffect((id: string) => unbindStudent(deps.api, id));
  $busy.on(unbindStudentFx, (_, id) => id).reset(unbindStudentFx.finally);
  $view.on(unbindStudentFx.doneData, (_, view) => view);
  $editing.on(unbindStudentFx.doneData, (editing, view) => (view.students.length === 0 ? false : editing));

  // A backend found to lack the list is not asked again.
  sample({ clock: opened, filter: $available, target: loadFx });
  sample({ clock: unbindRequested, source: { busy: $busy, canUnbind: $canUnbind }, filter: ({ busy, canUnbind }) => busy === null && canUnbind, fn: (_, id) => id, target: confirmFx });
  sample({ clock: confirmFx.doneData, filter: (id): id is string => id !== null, target: unbindStudentFx });
  sample({ clock: unbindStudentFx.done, target: createEffect(() => deps.notifier.success(OPERATION_SUCCESS)) });
  sample({ clock: unbindStudentFx.failData.map(failureOf), target: unbindFailure });
  sample({
    clock: [loadFailed, unbindFailure],
    target: createEffect((f: Failure) => tellFailure(deps.notifier, f)),
  });

  return { $view, $available, $canUnbind, $editing, $busy, opened, editToggled, unbindRequested, dispose: () => inFlight?.abort() };
}

export type BoundStudentsModel = ReturnType<typeof createBoundStudentsModel>;

export const boundStudentsScreen = defineScreen({
  name: 'accountBoundStudents',
  lifetime: 'screen',
  key: (userType: unknown) => String(userType),
  create: (get, userType: unknown) => createBoundStudentsModel({ api: get(ACCOUNT_API), notifier: get(NOTIFIER), missingCalls: get(MISSING_CALLS) }, userType),
});
