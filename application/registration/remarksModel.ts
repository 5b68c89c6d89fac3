/**
 * The remark form's model, page/student/report/checkFee/selectTypeRemarks?idCard&id&
 * backCount (SPEC point 2, point 5 "Registration remark form"): the matter, the chosen
 * sub-items (请选择项目), type (请选择类型) and remark (请填写备注 when mode 2, at most
 * 500), then 核验通过: 核验成功 and back backCount entries. A rule's message shows under
 * its field and as a toast; the input is kept.
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { FILL_REMARK, REMARK_TOO_LONG, SELECT_ITEMS, SELECT_TYPE, VERIFY_SUCCESS } from '../../domain/registration/messages';
import { initialRemarkForm, remarkFormSpec, type RemarkFormSpec } from '../../domain/registration/remarks';
import type { Matter, RemarkForm } from '../../domain/registration/types';
import type { Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { tellFailure } from '../shared/failureNotice';
import { leavingNavigator, type LeavingNavigator } from '../shared/navigation';
import { defineScreen } from '../shared/screens';
import { reportPath } from './routes';
import { REGISTRATION_API, type RegistrationApi } from './ports';
import { createShownLoad } from './shownLoad';
import { loadMatter, verifyMatter } from './useCases';

export type RemarkField = 'items' | 'types' | 'remark';
export type RemarkErrors = Partial<Record<RemarkField, string>>;

/** Which field a rule's message belongs to, so it shows under that field. */
const FIELD_OF: Readonly<Record<string, RemarkField>> = {
  [SELECT_ITEMS]: 'items',
  [SELECT_TYPE]: 'types',
  [FILL_REMARK]: 'remark',
  [REMARK_TOO_LONG]: 'remark',
};

export interface RemarksParams {
  readonly userType: unknown;
  readonly matterId: string;
  readonly number: string;
  /** How many entries back the pass goes: to the page that asked for it. */
  readonly backCount: number;
}

export interface RemarksModelDeps {
  readonly api: RegistrationApi;
  readonly navigator: Pick<LeavingNavigator, 'returnTo'>;
  readonly notifier: Pick<Notifier, 'success' | 'fail'>;
}

const EMPTY_FORM: RemarkForm = { items: [], types: [], remark: '' };

export function createRemarksModel(deps: RemarksModelDeps, p: RemarksParams) {
  const load = createShownLoad((opts) => loadMatter({ api: deps.api }, p, opts), deps.notifier);
  const opened = createEvent();
  const formChanged = createEvent<Partial<RemarkForm>>();
  const submitted = createEvent();

  const $matter = load.$data;
  const $spec = $matter.map((matter): RemarkFormSpec | null => (matter ? remarkFormSpec(matter) : null));
  const $form = createStore<RemarkForm>(EMPTY_FORM, { serialize: 'ignore' })
    .on(load.$data.updates, (form, matter) => (matter ? initialRemarkForm(matter) : form))
    .on(formChanged, (form, patch) => ({ ...form, ...patch }));
  const $errors = createStore<RemarkErrors>({}, { serialize: 'ignore' }).on(formChanged, (errors, patch) => {
    const next = { ...errors };
    for (const key of Object.keys(patch) as RemarkField[]) delete next[key];
    return next;
  });

  /** Answers the field a rule's message belongs to (null when none). */
  const submitFx = attach({
    source: { matter: $matter, form: $form },
    effect: createEffect(async ({ matter, form }: { matter: Matter | null; form: RemarkForm }): Promise<RemarkErrors | null> => {
      if (!matter) return null;
      const done = await verifyMatter({ api: deps.api }, p.number, matter, form);
      if (done.ok) {
        deps.notifier.success(VERIFY_SUCCESS);
        deps.navigator.returnTo(p.backCount, reportPath(p.number));
        return null;
      }
      tellFailure(deps.notifier, done.error);
      const field = done.error.kind === 'invalid' ? FIELD_OF[done.error.message] : undefined;
      return field ? { [field]: done.error.message } : null;
    }),
  });
  const $busy = submitFx.pending;
  $errors.on(submitFx.doneData, (errors, found) => found ?? errors);

  sample({ clock: opened, target: load.started });
  sample({ clock: submitted, filter: $busy.map((busy) => !busy), target: submitFx });

  return { $view: load.$view, $spec, $form, $errors, $busy, opened, retried: load.retried, formChanged, submitted, dispose: load.dispose };
}

export type RemarksModel = ReturnType<typeof createRemarksModel>;

export const remarksScreen = defineScreen({
  name: 'registrationRemarks',
  lifetime: 'screen',
  key: (p: RemarksParams) => `${String(p.userType)}\u0000${p.matterId}\u0000${p.number}\u0000${p.backCount}`,
  create: (get, p) => createRemarksModel({ api: get(REGISTRATION_API), navigator: leavingNavigator(get(NAVIGATOR)), notifier: get(NOTIFIER) }, p),
});
