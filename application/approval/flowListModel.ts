/**
 * The launchable flow list's model (page/approvalCenter/flowList, SPEC point 2
 * "Launchable flow list"): the flows this user may start (the server filters them), by
 * category, and the search as the user types: the server's Filter (names and
 * descriptions) asked a moment after the last keystroke, each new search cancelling the
 * one before, one flat list of what it found; an empty box shows the categories again.
 * A failed load shows in place with 重试.
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { FLOW_SEARCH_DEBOUNCE_MS, filterLaunchableFlows, type LaunchableFlowCategory } from '../../domain/approval';
import { nonBlank } from '../../domain/shared/guards';
import { valueOr } from '../shared/failure';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { loadLaunchableFlows, pause } from './launch';
import { APPROVAL_API, type ApprovalApi } from './ports';

export function createFlowListModel(deps: { readonly api: ApprovalApi; readonly debounceMs?: number }) {
  const debounceMs = deps.debounceMs ?? FLOW_SEARCH_DEBOUNCE_MS;
  const opened = createEvent();
  const searchChanged = createEvent<string>();
  // A new load cancels the one before (the loader), the wait included.
  const flows = createLoader(async (filter: string, { signal }) => {
    if (nonBlank(filter)) await pause(debounceMs, signal);
    return valueOr(await loadLaunchableFlows(deps.api, signal, filter));
  });
  const $search = createStore('', { serialize: 'ignore' }).on(searchChanged, (_, text) => text);
  const $categories = flows.$data.map((c): readonly LaunchableFlowCategory[] | null => c ?? null);
  // What the last answer holds, narrowed at once by what is typed while the next one is on its way.
  const $view = combine($categories, $search, (categories, text) => filterLaunchableFlows(categories, text));
  const $error = flows.$failure.map((f) => f?.message ?? null);
  const $searching = flows.$loading;

  sample({ clock: opened, source: $search, fn: (text) => text.trim(), target: flows.started });
  sample({ clock: searchChanged, fn: (text) => text.trim(), target: flows.started });

  return { $search, $categories, $view, $error, $searching, opened, searchChanged, retried: flows.retried, dispose: flows.dispose };
}

export type FlowListModel = ReturnType<typeof createFlowListModel>;

export const flowListScreen = defineScreen({
  name: 'approvalFlowList',
  lifetime: 'screen',
  key: () => '',
  create: (get) => createFlowListModel({ api: get(APPROVAL_API) }),
});
