import { err, ok, type Result } from '../../domain/shared/result';
import { SELECT_COMPONENT_LOAD_FAILED, SELECT_COMPONENT_NOT_FOUND } from '../../domain/selectors/messages';
import { applyTabSelectability, isTabSelectable, selectorRequest, selectorTabs } from '../../domain/selectors/selectors';
import type { SelectablePerson, SelectComponent, SelectComponentExtendSet } from '../../domain/selectors/types';
import { isApiError, messageOf } from '../ports/errors';
import type { SelectorsApi } from './ports';
import { nonBlank } from '../../domain/shared/guards';

export interface ComponentRef {
  readonly id?: string | null;
  readonly code?: string | null;
}


/**
 * A select component by id, else by code (SPEC point 8): neither given gives
 * 未找到对应组件; any failure to load gives 获取失败，请稍后重试.
 */
export async function loadSelectComponent(
  api: SelectorsApi,
  ref: ComponentRef,
  signal?: AbortSignal,
): Promise<Result<SelectComponent, string>> {
  if (!nonBlank(ref.id) && !nonBlank(ref.code)) return err(SELECT_COMPONENT_NOT_FOUND);
  try {
    const component = nonBlank(ref.id)
      ? await api.componentById(ref.id, { signal })
      : await api.componentByCode(ref.code as string, { signal });
    return ok(component);
  } catch (e) {
    if (isApiError(e) && e.cancelled) throw e;
    return err(SELECT_COMPONENT_LOAD_FAILED);
  }
}

export interface SelectorPageQuery {
  readonly tab: SelectComponentExtendSet;
  readonly tabIndex: number;
  readonly page: number;
  readonly searching: boolean;
  readonly parentId?: string | null;
  readonly dataPower?: string | number | null;
  readonly filter?: string | null;
}

export interface LoadedSelectorPage {
  /** With `disabled` set by the tab's rule. */
  readonly items: SelectablePerson[];
  readonly mains: readonly { id: string; name: string }[];
  readonly hasMore: boolean;
}

/**
 * One page of a selector tab. Items come with `disabled` set (type not 0 on a tab whose
 * levels are not selectable). More pages exist when the page came back full, or when the
 * server's total says so. Failures reject with the ApiError (a data error carries
 * result.error.message).
 */
export async function loadSelectorPage(api: SelectorsApi, query: SelectorPageQuery, signal?: AbortSignal): Promise<LoadedSelectorPage> {
  const request = selectorRequest({
    tab: query.tab,
    tabIndex: query.tabIndex,
    page: query.page,
    searching: query.searching,
    parentId: query.parentId ?? null,
    type: query.tab.dataType ?? null,
    dataPower: query.dataPower ?? null,
    filter: query.filter ?? null,
  });
  const page = await api.page(request, { signal });
  const items = applyTabSelectability(page.items, isTabSelectable(query.tab));
  const total = typeof page.totalCount === 'number' ? page.totalCount : null;
  const hasMore = total !== null ? query.page * request.maxResultCount < total : items.length >= request.maxResultCount;
  const mains = (page.mains ?? []).map((m) => ({ id: m.id, name: m.name }));
  return { items, mains, hasMore };
}

/**
 * The options a choice field gets from a select component: the first enabled tab's
 * top level, people as options (name -> label, id -> value).
 */
export async function selectComponentOptions(
  api: SelectorsApi,
  ref: ComponentRef,
  signal?: AbortSignal,
): Promise<Result<{ label: string; value: string }[], string>> {
  const component = await loadSelectComponent(api, ref, signal);
  if (!component.ok) return component;
  const tab = selectorTabs(component.value)[0];
  if (!tab) return ok([]);
  try {
    const page = await loadSelectorPage(api, { tab, tabIndex: 0, page: 1, searching: false }, signal);
    return ok(page.items.filter((i) => i.disabled !== true).map((i) => ({ label: i.name, value: i.id })));
  } catch (e) {
    if (isApiError(e) && e.cancelled) throw e;
    return err(messageOf(e));
  }
}
