import { Button, DotLoading, SearchBar, Tabs, type SearchBarRef } from 'antd-mobile';
import { DeleteOutline, RightOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { searchScreen } from '../../application/search/searchModel';
import { failureText } from '../../application/shared/failureNotice';
import {
  COMPLETE_TODO,
  NO_RELATED_CONTENT,
  SEARCH_CANCEL,
  TAB_APPS,
  TAB_TODOS,
} from '../../domain/search/messages';
import { isTodoDone, isTodoOverdue, SEARCH_KEYWORD_MAX, SEARCH_ROWS_PER_STEP, todoActionLabel } from '../../domain/search/search';
import type { SearchApp, SearchTodoMatter } from '../../domain/search/types';
import { formatDisplayDate } from '../../domain/shared/formats';
import { AppIcon } from '../shared/apps/AppIcon';
import { useOpenApp } from '../shared/apps/useOpenApp';
import { ErrorState } from '../shared/ErrorState';
import { LOAD_FAILED, RETRY } from '../shared/strings';
import { useGateShown } from '../shared/gateShown';
import { useBack } from '../shared/navigation';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { Highlight } from './Highlight';
import {
  CLEAR_HISTORY,
  NO_RECENT_SEARCHES,
  RECENT_SEARCHES,
  SEARCH_PLACEHOLDER,
  SEARCH_RESULTS,
  SEARCHING,
  TODO_COMPLETED,
  TODO_CREATED,
  TODO_DEADLINE,
  TODO_DONE_TAG,
  TODO_EXECUTOR,
  TODO_OVERDUE_TAG,
} from './strings';
import { StepMore } from '../shared/StepMore';
import { useSteppedItems } from '../shared/useDrawnSteps';
import { useOpenTodo } from '../shared/useOpenTodo';
import '../shared/apps/appGrid.css';
import './search.css';

/**
 * Global search (/search, SPEC point 2 "Global search"): the search bar with 取消 (back),
 * the user's recent searches, then after a search the tabs 应用 and 待办. The keyword is
 * trimmed, cut to 100 characters and searched 500 ms after the last keystroke; clearing
 * it returns to the history.
 */
export function SearchPage() {
  const user = useCurrentUser();
  const model = useScreenModel(searchScreen, { userId: user?.id ?? '', userType: user?.userType ?? 0 });
  const [text, keyword, terms, outcome, tab, loading, failed, busyTodo] = useUnit([
    model.$text,
    model.$keyword,
    model.$terms,
    model.$outcome,
    model.$tab,
    model.$loading,
    model.$failed,
    model.$busyTodo,
  ]);
  const on = useUnit({
    textChanged: model.textChanged,
    termChosen: model.termChosen,
    tabChanged: model.tabChanged,
    historyCleared: model.historyCleared,
    completeRequested: model.completeRequested,
    retried: model.retried,
  });
  const back = useBack();
  const openApp = useOpenApp();
  const openTodo = useOpenTodo();

  // The box takes the focus once the page is on screen (not while drawn under the gate).
  const searchBar = useRef<SearchBarRef>(null);
  const shownOnScreen = useGateShown();
  useEffect(() => {
    if (shownOnScreen) searchBar.current?.focus();
  }, [shownOnScreen]);

  const todoAction = (item: SearchTodoMatter) => {
    if (todoActionLabel(item) === COMPLETE_TODO) on.completeRequested(item);
    else openTodo(item);
  };

  const shown = keyword !== null ? outcome : null;

  return (
    <div className="cw-search">
      <header className="cw-search__bar">
        <SearchBar
          ref={searchBar}
          value={text}
          placeholder={SEARCH_PLACEHOLDER}
          maxLength={SEARCH_KEYWORD_MAX}
          showCancelButton={() => true}
          cancelText={SEARCH_CANCEL}
          onCancel={back}
          onChange={on.textChanged}
          onSearch={on.termChosen}
        />
      </header>

      {keyword === null ? (
        <section className="cw-search__history" aria-label={RECENT_SEARCHES}>
          <div className="cw-search__history-head">
            <h2 className="cw-search__section-title">{RECENT_SEARCHES}</h2>
            {terms.length > 0 ? (
              <button type="button" className="cw-icon-button cw-search__clear" aria-label={CLEAR_HISTORY} onClick={() => on.historyCleared()}>
                <DeleteOutline fontSize={18} />
              </button>
            ) : null}
          </div>
          {terms.length > 0 ? (
            <ul className="cw-search__chips">
              {terms.map((term) => (
                <li key={term}>
                  <button type="button" className="cw-search__chip" onClick={() => on.termChosen(term)}>
                    {term}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="cw-search__hint">{NO_RECENT_SEARCHES}</p>
          )}
        </section>
      ) : failed !== null ? (
        <ErrorState status="disconnected" title={LOAD_FAILED} description={failureText(failed) ?? ''} actionText={RETRY} onAction={() => on.retried()} />
      ) : shown === null ? (
        <div className="cw-search__loading" role="status" aria-label={SEARCHING}>
          <DotLoading color="primary" />
        </div>
      ) : (
        <section className="cw-search__results" aria-label={SEARCH_RESULTS} aria-busy={loading}>
          <Tabs activeKey={tab} onChange={(k) => on.tabChanged(k === 'todos' ? 'todos' : 'apps')} className="cw-search__tabs">
            <Tabs.Tab key="apps" title={TAB_APPS}>
              {shown.result.useApp.length === 0 ? (
                <ErrorState title={NO_RELATED_CONTENT} status="empty" />
              ) : (
                <SteppedList
                  items={shown.result.useApp}
                  className="cw-search__list"
                  label={TAB_APPS}
                  row={(app) => <AppRow key={app.id} app={app} keyword={shown.keyword} onOpen={() => openApp(app)} />}
                />
              )}
            </Tabs.Tab>
            <Tabs.Tab key="todos" title={TAB_TODOS}>
              {shown.result.todoMatter.length === 0 ? (
                <ErrorState title={NO_RELATED_CONTENT} status="empty" />
              ) : (
                <SteppedList
                  items={shown.result.todoMatter}
                  className="cw-search__list cw-search__list--todos"
                  label={TAB_TODOS}
                  row={(item) => (
                    <TodoRow
                      key={item.id}
                      item={item}
                      keyword={shown.keyword}
                      busy={busyTodo === item.id}
                      onAction={() => todoAction(item)}
                      onOpen={() => openTodo(item)}
                    />
                  )}
                />
              )}
            </Tabs.Tab>
          </Tabs>
        </section>
      )}
    </div>
  );
}

/** A result list drawn SEARCH_ROWS_PER_STEP rows at a time (a backend may answer thousands). */
function SteppedList<T>({ items, className, label, row }: { items: readonly T[]; className: string; label: string; row: (item: T) => ReactNode }) {
  const { shown, sentinel } = useSteppedItems(items, SEARCH_ROWS_PER_STEP);
  return (
    <>
      <ul className={className} aria-label={label}>
        {shown.map(row)}
      </ul>
      <StepMore sentinel={sentinel} />
    </>
  );
}

function AppRow({ app, keyword, onOpen }: { app: SearchApp; keyword: string; onOpen(): void }) {
  return (
    <li>
      <button type="button" className="cw-search__app" onClick={onOpen}>
        <AppIcon iconImage={app.iconImage} size={40} />
        <span className="cw-search__app-name">
          <Highlight text={app.name} keyword={keyword} />
        </span>
        <RightOutline className="cw-search__app-arrow" fontSize={14} />
      </button>
    </li>
  );
}

function TodoRow({
  item,
  keyword,
  busy,
  onAction,
  onOpen,
}: {
  item: SearchTodoMatter;
  keyword: string;
  busy: boolean;
  onAction(): void;
  onOpen(): void;
}) {
  const done = isTodoDone(item);
  const overdue = isTodoOverdue(item);
  const deadline = formatDisplayDate(item.endTime);
  const label = todoActionLabel(item);
  return (
    <li className="cw-search-todo" aria-label={item.name}>
      <button type="button" className="cw-plain-button cw-search-todo__main" onClick={onOpen}>
        <span className="cw-search-todo__title">
          <span className="cw-search-todo__name">
            <Highlight text={item.name} keyword={keyword} />
          </span>
          {done ? <span className="cw-search-todo__tag cw-tone--green">{TODO_DONE_TAG}</span> : null}
          {!done && overdue ? <span className="cw-search-todo__tag cw-tone--red">{TODO_OVERDUE_TAG}</span> : null}
        </span>
        {deadline ? (
          <span className="cw-search-todo__meta">
            {TODO_DEADLINE}：
            <span className={overdue ? 'cw-search-todo__deadline cw-search-todo__deadline--overdue' : 'cw-search-todo__deadline'}>{deadline}</span>
          </span>
        ) : null}
        {item.executeName ? (
          <span className="cw-search-todo__meta">
            {TODO_EXECUTOR}：{item.executeName}
          </span>
        ) : null}
        {item.creationTime ? (
          <span className="cw-search-todo__meta">
            {TODO_CREATED}：{formatDisplayDate(item.creationTime)}
          </span>
        ) : null}
        {done ? (
          <span className="cw-search-todo__meta">
            {TODO_COMPLETED}：{formatDisplayDate(item.todoTime)}
          </span>
        ) : null}
      </button>
      <div className="cw-search-todo__actions">
        <Button
          size="small"
          shape="rounded"
          color="primary"
          fill={label === COMPLETE_TODO ? 'solid' : 'outline'}
          loading={busy}
          disabled={busy}
          onClick={onAction}
        >
          {label}
        </Button>
      </div>
    </li>
  );
}
