/**
 * The matter detail's model, page/student/report/checkFee?idCard&id (SPEC point 2): the
 * matter as the viewer may see it, and the verifier's 核验通过 from here too (through
 * selectTypeRemarks, two entries back to the report, when the matter asks for items, a
 * type or a remark).
 */
import { createEvent, sample } from 'effector';
import type { Navigator, Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { defineScreen } from '../shared/screens';
import { REGISTRATION_API, type RegistrationApi } from './ports';
import { createShownLoad } from './shownLoad';
import { loadMatter } from './useCases';
import { createMatterVerification } from './verification';

export interface MatterParams {
  readonly userType: unknown;
  readonly matterId: string;
  /** The student's number ('' on a student's own matter). */
  readonly number: string;
}

export interface MatterModelDeps {
  readonly api: RegistrationApi;
  readonly navigator: Pick<Navigator, 'go'>;
  readonly notifier: Pick<Notifier, 'success' | 'fail'>;
}

/** The remark form goes back past itself and this page, to the report. */
const BACK_TO_REPORT = 2;

export function createMatterModel(deps: MatterModelDeps, p: MatterParams) {
  const load = createShownLoad((opts) => loadMatter({ api: deps.api }, p, opts), deps.notifier);
  const verification = createMatterVerification({ ...deps, number: p.number, backCount: BACK_TO_REPORT, reload: load.refreshFx });
  const opened = createEvent();
  sample({ clock: opened, target: load.started });
  return {
    $view: load.$view,
    $verifying: verification.$verifying,
    opened,
    retried: load.retried,
    verifyRequested: verification.verifyRequested,
    dispose: load.dispose,
  };
}

export type MatterModel = ReturnType<typeof createMatterModel>;

export const matterScreen = defineScreen({
  name: 'registrationMatter',
  lifetime: 'screen',
  key: (p: MatterParams) => `${String(p.userType)}\u0000${p.matterId}\u0000${p.number}`,
  create: (get, p) => createMatterModel({ api: get(REGISTRATION_API), navigator: get(NAVIGATOR), notifier: get(NOTIFIER) }, p),
});
