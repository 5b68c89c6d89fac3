/**
 * page/bindStudent's model (SPEC point 2 "Account and security", point 5): campus (the
 * current one at first), student name, ID number and relationship, all required
 * (请将项目信息填写完整), at most 5 students (最多绑定5个学生, checked before anything is
 * sent); 确认绑定, then 绑定成功 and back. A refusal is told and the input kept.
 */
import { newSubmissionId } from '../shared/idempotency';
import { attach, createEvent, createStore, sample } from 'effector';
import { BIND_SUCCESS } from '../../domain/account/messages';
import type { Navigator, Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { tellFailure } from '../shared/failureNotice';
import { leavingNavigator } from '../shared/navigation';
import { defineScreen } from '../shared/screens';
import { bindStudent } from './boundStudents';
import { ACCOUNT_API, type AccountApi } from './ports';

export interface BindForm {
  readonly campusId: string | null;
  readonly studentName: string;
  readonly studentIdCard: string;
  readonly type: number | null;
}

export interface BindStudentParams {
  /** The campus in effect: the form's campus at first. */
  readonly campusId: string | null;
  /** The school the binding is made in (the user's tenant). */
  readonly tenantId: string | null | undefined;
}

export interface BindStudentModelDeps {
  readonly api: AccountApi;
  readonly navigator: Pick<Required<Navigator>, 'leave'>;
  readonly notifier: Pick<Notifier, 'success' | 'fail'>;
}

export function createBindStudentModel(deps: BindStudentModelDeps, p: BindStudentParams) {
  /** This sitting of the form: its bindings carry keys of it (bindStudent). */
  const sitting = newSubmissionId();
  const formChanged = createEvent<Partial<BindForm>>();
  const submitted = createEvent();
  const $form = createStore<BindForm>({ campusId: p.campusId, studentName: '', studentIdCard: '', type: null }, { serialize: 'ignore' }).on(
    formChanged,
    (form, patch) => ({ ...form, ...patch }),
  );

  const bindFx = attach({
    source: $form,
    effect: async (form: BindForm) => {
      const outcome = await bindStudent({ api: deps.api }, form, p.tenantId, sitting);
      if (!outcome.ok) return tellFailure(deps.notifier, outcome.error);
      deps.notifier.success(BIND_SUCCESS);
      deps.navigator.leave();
    },
  });
  const $busy = bindFx.pending;
  sample({ clock: submitted, filter: $busy.map((busy) => !busy), target: bindFx });

  return { $form, $busy, formChanged, submitted };
}

export type BindStudentModel = ReturnType<typeof createBindStudentModel>;

export const bindStudentScreen = defineScreen({
  name: 'accountBindStudent',
  lifetime: 'screen',
  key: () => '',
  create: (get, p: BindStudentParams) => createBindStudentModel({ api: get(ACCOUNT_API), navigator: leavingNavigator(get(NAVIGATOR)), notifier: get(NOTIFIER) }, p),
});
