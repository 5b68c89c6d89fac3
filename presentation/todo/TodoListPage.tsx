import {
  Badge,
  Button,
  CheckList,
  Dropdown,
  InfiniteScroll,
  PullToRefresh,
  SearchBar,
  Tabs,
  Toast,
  type DropdownRef,
} from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { messageOf } from '../../application/ports/errors';
import { createTodoListModel } from '../../application/todo/model';
import { TODO_API, type TodoApi, type TodoItem } from '../../application/todo/ports';
import { openTodoTarget, toggleTodo, TODO_ROUTES } from '../../application/todo/useCases';
import { ALL_CATEGORIES } from '../../domain/todo/messages';
import { DEFAULT_TODO_SORT, sortingParam, TODO_SORT_OPTIONS } from '../../domain/todo/list';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { useCampuses, useSessionModel } from '../shared/session';
import { FooterDots, VirtualList } from '../shared/VirtualList';
import { LOAD_FAILED, LOADING, RETRY } from '../shared/strings';
import { TodoItemCard } from './TodoItemCard';
import { ADD_TODO, NO_MORE, NO_TODOS, SEARCH_PLACEHOLDER } from './strings';
import './todo.css';

/** A card with its meta line; only rows not measured yet use it (shared/VirtualList). */
const TODO_CARD_HEIGHT = 112;
const todoKey = (item: TodoItem): string => item.id;

const tabParam = (search: string): number => {
  const n = Number(new URLSearchParams(search).get('tab'));
  return Number.isInteger(n) && n >= 0 ? n : 0;
};

/**
 * page/todo (SPEC point 2 "To-do list and form"): search, the tabs of the tab-count call
 * with the unread count, the sort and category dropdowns, the list by 20 with infinite
 * scroll and pull to refresh, and the add button.
 */
export function TodoListPage() {
  const api = useInjection<TodoApi>(TODO_API);
  const session = useSessionModel();
  const { campuses } = useCampuses();
  const search = useSearch();
  const [, navigate] = useLocation();
  const model = useMemo(() => createTodoListModel({ api, initialTab: tabParam(search) }), [api]); // eslint-disable-line react-hooks/exhaustive-deps
  const [query, tabs, categories, items, page, hasMore] = useUnit([
    model.$query,
    model.$tabs,
    model.$categories,
    model.$items,
    model.$page,
    model.$hasMore,
  ]);
  const [changeTab, submitSearch, changeSort, changeCategory, opened, loadMore, refresh] = useUnit([
    model.tabChanged,
    model.searchSubmitted,
    model.sortChanged,
    model.categoryChanged,
    model.openedFx,
    model.loadMoreFx,
    model.refreshFx,
  ]);
  const [text, setText] = useState(query.filter);
  const [busyId, setBusyId] = useState<string | null>(null);
  const dropdown = useRef<DropdownRef>(null);

  useEffect(() => {
    void opened();
  }, [opened]);

  const linkCampus = (campusId: string | null) => session.linkCampusFx({ campuses, campusId });

  const selectTab = (key: string) => {
    const tab = Number(key);
    changeTab(tab);
    // The tab stays in the address, so coming back from a detail shows the same tab.
    navigate(tab === 0 ? TODO_ROUTES.list : `${TODO_ROUTES.list}?tab=${tab}`, { replace: true });
  };

  const loadNext = async () => {
    try {
      await loadMore();
    } catch (e) {
      Toast.show({ icon: 'fail', content: messageOf(e) });
      throw e;
    }
  };

  const reload = async () => {
    try {
      await refresh();
    } catch (e) {
      Toast.show({ icon: 'fail', content: messageOf(e) });
    }
  };

  const toggle = async (item: TodoItem) => {
    if (busyId !== null) return;
    setBusyId(item.id);
    try {
      const outcome = await toggleTodo({ api, linkCampus }, item);
      if (outcome.kind === 'navigate') navigate(outcome.path);
      else if (outcome.kind === 'failed') Toast.show({ icon: 'fail', content: outcome.message });
      else if (outcome.kind === 'changed') {
        Toast.show({ icon: 'success', content: outcome.toast });
        await reload();
      }
    } finally {
      setBusyId(null);
    }
  };

  const open = async (item: TodoItem) => {
    const target = await openTodoTarget({ linkCampus }, item);
    if (target.ok) navigate(target.value);
    else if (target.error) Toast.show({ icon: 'fail', content: target.error });
  };

  // Rows re-render only when what they show changes (shared/VirtualList): the handlers
  // are read through a ref, so a new closure per render does not reach every row.
  const handlers = useRef({ toggle, open });
  handlers.current = { toggle, open };
  const onToggle = useCallback((item: TodoItem) => void handlers.current.toggle(item), []);
  const onOpen = useCallback((item: TodoItem) => void handlers.current.open(item), []);
  const anyBusy = busyId !== null;
  const renderTodo = useCallback(
    (item: TodoItem) => <TodoItemCard item={item} busy={anyBusy} onToggle={onToggle} onOpen={onOpen} />,
    [anyBusy, onToggle, onOpen],
  );

  const sortValue = sortingParam(query.sort);
  const sortLabel = TODO_SORT_OPTIONS.find((o) => o.value === sortValue)?.label ?? '';
  const categoryLabel = categories.find((c) => c.value === query.category)?.label ?? ALL_CATEGORIES;
  const empty = items.length === 0 && page > 0 && !hasMore;

  return (
    <div className="cw-todo-list">
      <div className="cw-todo-list__header">
        <div className="cw-todo-list__search">
          <SearchBar
            placeholder={SEARCH_PLACEHOLDER}
            value={text}
            onChange={setText}
            onSearch={(v) => submitSearch(v)}
            onClear={() => submitSearch('')}
            maxLength={100}
          />
        </div>
        <Tabs activeKey={String(query.tab)} onChange={selectTab} className="cw-todo-list__tabs">
          {tabs.map((t) => (
            <Tabs.Tab
              key={String(t.type)}
              title={
                <span className="cw-todo-list__tab">
                  {t.name}
                  {t.badge ? <Badge content={t.badge} className="cw-todo-list__badge" /> : null}
                </span>
              }
            />
          ))}
        </Tabs>
        <Dropdown ref={dropdown} className="cw-todo-list__filters">
          <Dropdown.Item key="sort" title={sortLabel} highlight={sortValue !== sortingParam(DEFAULT_TODO_SORT)}>
            <CheckList
              value={[sortValue]}
              onChange={(v) => {
                const option = TODO_SORT_OPTIONS.find((o) => o.value === v[0]);
                if (option) changeSort({ field: option.field, direction: option.direction });
                dropdown.current?.close();
              }}
            >
              {TODO_SORT_OPTIONS.map((o) => (
                <CheckList.Item key={o.value} value={o.value}>
                  {o.label}
                </CheckList.Item>
              ))}
            </CheckList>
          </Dropdown.Item>
          <Dropdown.Item key="category" title={categoryLabel} highlight={query.category !== null}>
            <CheckList
              value={[String(query.category ?? '')]}
              onChange={(v) => {
                const option = categories.find((c) => String(c.value ?? '') === v[0]);
                if (option) changeCategory(option.value);
                dropdown.current?.close();
              }}
            >
              {categories.map((c) => (
                <CheckList.Item key={String(c.value ?? '')} value={String(c.value ?? '')}>
                  {c.label}
                </CheckList.Item>
              ))}
            </CheckList>
          </Dropdown.Item>
        </Dropdown>
      </div>
      <PullToRefresh onRefresh={reload}>
        <div className="cw-todo-list__items">
          <VirtualList items={items} itemKey={todoKey} renderItem={renderTodo} estimateSize={TODO_CARD_HEIGHT} />
          {empty ? <ErrorState title={NO_TODOS} status="empty" /> : null}
          <InfiniteScroll loadMore={loadNext} hasMore={hasMore}>
            {(more, failed, retry) =>
              failed ? (
                <span className="cw-todo-list__foot">
                  {LOAD_FAILED}
                  <Button size="mini" fill="none" color="primary" onClick={() => void retry()}>
                    {RETRY}
                  </Button>
                </span>
              ) : more ? (
                <span className="cw-todo-list__foot">
                  {LOADING}
                  <FooterDots />
                </span>
              ) : empty ? null : (
                <span className="cw-todo-list__foot">{NO_MORE}</span>
              )
            }
          </InfiniteScroll>
        </div>
      </PullToRefresh>
      <button type="button" className="cw-todo-fab" aria-label={ADD_TODO} onClick={() => navigate(TODO_ROUTES.form)}>
        <AddOutline fontSize={26} />
      </button>
    </div>
  );
}
