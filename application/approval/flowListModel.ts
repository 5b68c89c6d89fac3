/**
 * The launchable flow list's model (page/approvalCenter/flowList, SPEC point 2
 * "Launchable flow list"): the flows this user may start (the server filters them), by
 * category, and the search that shows one flat list. A failed load shows in place with
 * 重试.
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { filterLaunchableFlows, type LaunchableFlowCategory } from '../../domain/approval';
import { valueOr } from '../shared/failure';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { loadLaunchableFlows } from './launch';
import { APPROVAL_API, type ApprovalApi } from './ports';

export function createFlowListModel(deps: { readonly api: ApprovalApi }) {
  const opened = createEvent();
  const searchChanged = createEvent<string>();
  const flows = createLoader((_: void, { signal }) => loadLaunchableFlows(deps.api, signal).then(valueOr));
  const $search = createStore('', { serialize: 'ignore' }).on(searchChanged, (_, text) => text);
  const $categories = flows.$data.map((c): readonly LaunchableFlowCategory[] | null => c ?? null);
  const $view = combine($categories, $search, (categories, text) => filterLaunchableFlows(categories, text));
  const $error = flows.$failure.map((f) => f?.message ?? null);

  sample({ clock: opened, target: flows.started });

  return { $search, $categories, $view, $error, opened, searchChanged, retried: flows.retried, dispose: flows.dispose };
}

export type FlowListModel = ReturnType<typeof createFlowListModel>;

export const flowListScreen = defineScreen({
  name: 'approvalFlowList',
  lifetime: 'screen',
  key: () => '',
  create: (get) => createFlowListModel({ api: get(APPROVAL_API) }),
});
