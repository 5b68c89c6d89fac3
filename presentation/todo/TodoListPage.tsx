import {
  Badge,
  CheckList,
  Dropdown,
  SearchBar,
  type DropdownRef,
} from 'antd-mobile';
import { todoTarget } from '../../domain/offline/outbox';
import { AddOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useCallback, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { todoListScreen } from '../../application/todo/model';
import type { TodoItem } from '../../application/todo/ports';
import { ALL_CATEGORIES } from '../../domain/todo/messages';
import { DEFAULT_TODO_SORT, sortingParam, TODO_SORT_OPTIONS } from '../../domain/todo/list';
import { ErrorState } from '../shared/ErrorState';
import { ScrollTabs } from '../shared/tabs/ScrollTabs';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { ListFoot } from '../shared/ListFoot';
import { VirtualList } from '../shared/VirtualList';
import { TodoItemCard } from './TodoItemCard';
import { ADD_TODO, NO_TODOS, SEARCH_PLACEHOLDER } from './strings';
import { PullRefresh } from '../shared/PullRefresh';
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
 * with the unread count, the sort and category dropdowns (the category one only when
 * there are categories to choose: docs/decided-calls.md), the list by 20 with infinite
 * scroll and pull to refresh, and the add button.
 */
export function TodoListPage() {
  const search = useSearch();
  // The tab the address opened the list on; from then on the model keeps it (and the address).
  const [openedOnTab] = useState(() => tabParam(search));
  const model = useScreenModel(todoListScreen, { userId: useCurrentUser()?.id ?? '', tab: openedOnTab });
  const [query, tabs, categories, categoryFilter, items, page, hasMore, busyId] = useUnit([
    model.$query,
    model.$tabs,
    model.$categories,
    model.$categoryFilter,
    model.$items,
    model.$page,
    model.$hasMore,
    model.$busyId,
  ]);
  const on = useUnit({
    tabChanged: model.tabChanged,
    searchSubmitted: model.searchSubmitted,
    sortChanged: model.sortChanged,
    categoryChanged: model.categoryChanged,
    loadMore: model.loadMoreFx,
    pulled: model.pulledFx,
    toggled: model.toggled,
    itemOpened: model.itemOpened,
    addRequested: model.addRequested,
  });
  const [text, setText] = useState(query.filter);
  const dropdown = useRef<DropdownRef>(null);


  // Rows re-render only when what they show changes (shared/VirtualList): the handlers are stable.
  const { toggled, itemOpened } = on;
  const anyBusy = busyId !== null;
  const queued = useUnit(model.$pendingTargets);
  const renderTodo = useCallback(
    (item: TodoItem) => <TodoItemCard item={item} busy={anyBusy} onToggle={toggled} onOpen={itemOpened} queued={queued.has(todoTarget(item.id))} />,
    [anyBusy, toggled, itemOpened, queued],
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
            onSearch={(v) => on.searchSubmitted(v)}
            onClear={() => on.searchSubmitted('')}
            maxLength={100}
          />
        </div>
        <ScrollTabs
          spread
          className="cw-todo-list__tabs"
          activeKey={String(query.tab)}
          onChange={(key) => on.tabChanged(Number(key))}
          tabs={tabs.map((t) => ({
            key: String(t.type),
            title: (
              <span className="cw-todo-list__tab">
                {t.name}
                {t.badge ? <Badge content={t.badge} className="cw-todo-list__badge" /> : null}
              </span>
            ),
          }))}
        />
        <Dropdown ref={dropdown} className="cw-todo-list__filters">
          <Dropdown.Item key="sort" title={sortLabel} highlight={sortValue !== sortingParam(DEFAULT_TODO_SORT)}>
            <CheckList
              value={[sortValue]}
              onChange={(v) => {
                const option = TODO_SORT_OPTIONS.find((o) => o.value === v[0]);
                if (option) on.sortChanged({ field: option.field, direction: option.direction });
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
          {categoryFilter ? (
            <Dropdown.Item key="category" title={categoryLabel} highlight={query.category !== null}>
              <CheckList
                value={[String(query.category ?? '')]}
                onChange={(v) => {
                  const option = categories.find((c) => String(c.value ?? '') === v[0]);
                  if (option) on.categoryChanged(option.value);
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
          ) : null}
        </Dropdown>
      </div>
      <PullRefresh onRefresh={on.pulled}>
        <div className="cw-todo-list__items">
          <VirtualList items={items} itemKey={todoKey} renderItem={renderTodo} estimateSize={TODO_CARD_HEIGHT} />
          {empty ? <ErrorState title={NO_TODOS} status="empty" /> : null}
          <ListFoot loadMore={on.loadMore} hasMore={hasMore} className="cw-todo-list__foot" end={!empty} />
        </div>
      </PullRefresh>
      <button type="button" className="cw-todo-fab" aria-label={ADD_TODO} onClick={() => on.addRequested()}>
        <AddOutline fontSize={26} />
      </button>
    </div>
  );
}
