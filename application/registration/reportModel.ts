/**
 * page/student/report's model (SPEC point 2 "Student registration", point 6): what the
 * page shows for its viewer (the verifier's lookup by number or scanned code with the
 * current matter's 核验通过; a student's own progress; anyone else the waiting
 * message), 刷新状态 and pull to refresh, the scan, and where a tap on a matter or on
 * 我的二维码 leads.
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import type { Matter } from '../../domain/registration/types';
import type { Navigator, Notifier } from '../ports/runtime';
import type { NativeShell } from '../ports/shell';
import { NATIVE_SHELL, NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { defineScreen } from '../shared/screens';
import { REGISTRATION_API, type RegistrationApi } from './ports';
import { checkFeePath, qrcodePath, reportPath } from './routes';
import { createShownLoad } from './shownLoad';
import { loadReport, scanStudent, type ReportState } from './useCases';
import { createMatterVerification } from './verification';

export interface ReportParams {
  /** The signed-in user's type. */
  readonly userType: unknown;
  /** The student the verifier looks up (the query's code or idCard; '' for none). */
  readonly number: string;
}

export interface ReportModelDeps {
  readonly api: RegistrationApi;
  readonly shell: Pick<NativeShell, 'isInShell' | 'scan'>;
  readonly navigator: Pick<Navigator, 'go'>;
  readonly notifier: Pick<Notifier, 'success' | 'fail'>;
}

export function createReportModel(deps: ReportModelDeps, p: ReportParams) {
  const load = createShownLoad((opts) => loadReport({ api: deps.api }, { userType: p.userType, number: p.number }, opts), deps.notifier);
  const verification = createMatterVerification({ ...deps, number: p.number, backCount: 1, reload: load.refreshFx });

  const opened = createEvent();
  const searchTextChanged = createEvent<string>();
  /** The search box's 搜索, or a scanned code. */
  const lookedUp = createEvent<string>();
  const scanPressed = createEvent();
  const matterOpened = createEvent<Matter>();
  const qrCodeOpened = createEvent<string>();
  /** 刷新状态: its own spinner, apart from pull to refresh and the reload after a pass. */
  const refreshPressed = createEvent();
  const refreshButtonFx = attach({ effect: load.refreshFx });
  sample({ clock: refreshPressed, target: refreshButtonFx });

  const $searchText = createStore(p.number, { serialize: 'ignore' }).on(searchTextChanged, (_, text) => text);

  sample({ clock: opened, target: load.started });

  const wanted = lookedUp.map((text) => text.trim()).filter({ fn: (text) => text !== '' });
  // The same student again is a fresh load; another one is another page (its own address).
  sample({ clock: wanted, filter: (text) => text === p.number, target: load.started });
  sample({
    clock: wanted,
    filter: (text) => text !== p.number,
    target: createEffect((text: string) => deps.navigator.go(reportPath(text), { replace: true })),
  });

  const scanFx = createEffect(() => scanStudent({ shell: deps.shell, navigator: deps.navigator }));
  sample({ clock: scanPressed, target: scanFx });
  sample({ clock: scanFx.doneData, filter: (text): text is string => text !== null, target: lookedUp });

  sample({
    clock: matterOpened,
    target: createEffect((matter: Matter) => deps.navigator.go(checkFeePath(matter.id, p.number))),
  });
  sample({ clock: qrCodeOpened, target: createEffect((idCard: string) => deps.navigator.go(qrcodePath(idCard))) });

  return {
    $view: load.$view,
    $searchText,
    $verifying: verification.$verifying,
    $refreshing: refreshButtonFx.pending,
    opened,
    retried: load.retried,
    /** Pull to refresh: resolves when the state is in. */
    refreshFx: load.refreshFx,
    refreshPressed,
    searchTextChanged,
    lookedUp,
    scanPressed,
    matterOpened,
    qrCodeOpened,
    verifyRequested: verification.verifyRequested,
    dispose: load.dispose,
  };
}

export type ReportModel = ReturnType<typeof createReportModel>;
export type { ReportState };

export const reportScreen = defineScreen({
  name: 'registrationReport',
  lifetime: 'screen',
  key: (p: ReportParams) => `${String(p.userType)}\u0000${p.number}`,
  create: (get, p) =>
    createReportModel({ api: get(REGISTRATION_API), shell: get(NATIVE_SHELL), navigator: get(NAVIGATOR), notifier: get(NOTIFIER) }, p),
});
