import { ROOT_NAV, backOneLevel, drillDown, goToLevel, currentParentId, isAllSelected, isTabSelectable, removeSelected, selectorTabs, toggleItem, toggleSelectAll } from '../../domain/selectors/selectors';
import type { SelectablePerson, SelectComponent, SelectComponentExtendSet, SelectorNav } from '../../domain/selectors/types';
import { isApiError, messageOf } from '../ports/errors';
import type { SelectionRequest } from './model';
import type { SelectorsApi } from './ports';
import { loadSelectComponent, loadSelectorPage } from './useCases';

export interface SelectorSnapshot {
  readonly status: 'loading' | 'ready' | 'error';
  /** 未找到对应组件 / 获取失败，请稍后重试 when the component could not be loaded. */
  readonly error: string | null;
  readonly title: string;
  readonly component: SelectComponent | null;
  readonly tabs: readonly SelectComponentExtendSet[];
  readonly tabIndex: number;
  readonly tabSelectable: boolean;
  /** Opened levels, root first. */
  readonly nav: SelectorNav;
  /** The applied search text ('' when browsing). */
  readonly keyword: string;
  readonly items: readonly SelectablePerson[];
  readonly page: number;
  readonly hasMore: boolean;
  readonly listLoading: boolean;
  readonly listError: string | null;
  readonly selected: readonly SelectablePerson[];
  readonly multiple: boolean;
  readonly allSelected: boolean;
  /** Contacts style: a flat list, always searched. */
  readonly flat: boolean;
}

export interface SelectorSessionOptions {
  readonly request: SelectionRequest;
  /** Contacts-style: a flat, searchable list of people (the search call, page size 10). */
  readonly flat?: boolean;
  readonly onError?: (message: string) => void;
}

/**
 * One open selector page (SPEC point 4 "Selector"): tabs from the select component,
 * browse (30 a page) or search (10 a page), drill down and back one level, select all
 * and toggles by the domain's rules. React reads it with useSyncExternalStore.
 */
export class SelectorSession {
  private snapshot: SelectorSnapshot;
  private readonly listeners = new Set<() => void>();
  private seq = 0;
  private controller: AbortController | null = null;
  private readonly lifetime = new AbortController();

  constructor(
    private readonly api: SelectorsApi,
    private readonly options: SelectorSessionOptions,
  ) {
    const selected = [...(options.request.selected ?? [])];
    this.snapshot = {
      status: 'loading',
      error: null,
      title: options.request.title ?? '',
      component: null,
      tabs: [],
      tabIndex: 0,
      tabSelectable: false,
      nav: ROOT_NAV,
      keyword: '',
      items: [],
      page: 0,
      hasMore: false,
      listLoading: false,
      listError: null,
      selected,
      multiple: options.request.multiple !== false,
      allSelected: false,
      flat: options.flat === true,
    };
  }

  get flat(): boolean {
    return this.options.flat === true;
  }

  getSnapshot = (): SelectorSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async start(): Promise<void> {
    const loaded = await loadSelectComponent(this.api, { id: this.options.request.componentId, code: this.options.request.code }, this.lifetime.signal).catch(
      () => null,
    );
    if (loaded === null) return;
    if (!loaded.ok) {
      // The page shows it as its error state; no toast on top.
      this.set({ status: 'error', error: loaded.error });
      return;
    }
    const tabs = selectorTabs(loaded.value);
    const title = this.options.request.title || loaded.value.name || tabs[0]?.name || '';
    this.set({ status: 'ready', component: loaded.value, tabs, title, tabSelectable: isTabSelectable(tabs[0]) });
    await this.reload();
  }

  switchTab(index: number): Promise<void> {
    const tab = this.snapshot.tabs[index];
    if (!tab || index === this.snapshot.tabIndex) return Promise.resolve();
    this.set({ tabIndex: index, tabSelectable: isTabSelectable(tab), nav: ROOT_NAV });
    return this.reload();
  }

  /** Opens an organisation level. */
  open(item: SelectablePerson): Promise<void> {
    const nav = drillDown(this.snapshot.nav, item);
    if (nav === this.snapshot.nav) return Promise.resolve();
    this.set({ nav, keyword: '' });
    return this.reload();
  }

  /** Back one level; true when already at the top (the page should close). */
  back(): boolean {
    if (this.snapshot.keyword !== '' && !this.flat) {
      void this.search('');
      return false;
    }
    const { nav, left } = backOneLevel(this.snapshot.nav);
    if (left) return true;
    this.set({ nav });
    void this.reload();
    return false;
  }

  /** Breadcrumb: -1 is the top. */
  goTo(levelIndex: number): Promise<void> {
    const nav = goToLevel(this.snapshot.nav, levelIndex);
    if (nav.length === this.snapshot.nav.length) return Promise.resolve();
    this.set({ nav, keyword: '' });
    return this.reload();
  }

  /** Searches the whole tab (trimmed); an empty text goes back to browsing. */
  search(keyword: string): Promise<void> {
    const text = keyword.trim();
    if (text === this.snapshot.keyword && this.snapshot.page > 0) return Promise.resolve();
    this.set({ keyword: text });
    return this.reload();
  }

  loadMore(): Promise<void> {
    if (!this.snapshot.hasMore || this.snapshot.listLoading || this.snapshot.status !== 'ready') return Promise.resolve();
    return this.load(this.snapshot.page + 1);
  }

  toggle(item: SelectablePerson): void {
    this.set({ selected: toggleItem(this.snapshot.selected, item, { tabSelectable: this.snapshot.tabSelectable, multiple: this.snapshot.multiple }) });
  }

  toggleAll(): void {
    if (!this.snapshot.multiple) return;
    this.set({ selected: toggleSelectAll(this.snapshot.selected, this.snapshot.items, this.snapshot.tabSelectable) });
  }

  remove(id: string): void {
    this.set({ selected: removeSelected(this.snapshot.selected, id) });
  }

  dispose(): void {
    this.lifetime.abort();
    this.controller?.abort();
    this.listeners.clear();
  }

  private reload(): Promise<void> {
    this.set({ items: [], page: 0, hasMore: false });
    return this.load(1);
  }

  private async load(page: number): Promise<void> {
    const tab = this.snapshot.tabs[this.snapshot.tabIndex];
    if (!tab) {
      this.set({ listLoading: false, hasMore: false });
      return;
    }
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const seq = ++this.seq;
    const searching = this.flat || this.snapshot.keyword !== '';
    this.set({ listLoading: true, listError: null });
    try {
      const result = await loadSelectorPage(
        this.api,
        {
          tab,
          tabIndex: this.snapshot.tabIndex,
          page,
          searching,
          parentId: searching ? null : currentParentId(this.snapshot.nav),
          dataPower: this.options.request.dataPower ?? null,
          filter: this.snapshot.keyword,
        },
        controller.signal,
      );
      if (seq !== this.seq) return;
      const items = page === 1 ? result.items : [...this.snapshot.items, ...result.items.filter((i) => !this.snapshot.items.some((x) => x.id === i.id))];
      this.set({ items, page, hasMore: result.hasMore, listLoading: false });
    } catch (e) {
      if (seq !== this.seq || (isApiError(e) && e.cancelled)) return;
      const message = messageOf(e);
      this.set({ listLoading: false, hasMore: false, listError: message });
      this.options.onError?.(message);
    }
  }

  private set(patch: Partial<SelectorSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    this.snapshot = { ...next, allSelected: next.multiple && isAllSelected(next.selected, next.items, next.tabSelectable) };
    for (const l of [...this.listeners]) l();
  }
}
