import { DotLoading } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { isApiError, messageOf } from '../../../application/ports/errors';
import type { Notifier } from '../../../application/ports/runtime';
import { NOTIFIER } from '../../../application/ports/tokens';
import { loadPortalTodos } from '../../../application/portal/useCases';
import { TODO_API, type TodoApi, type TodoItem } from '../../../application/todo/ports';
import { formatDisplayDate } from '../../../domain/shared/formats';
import { isApprovalTodo, isTodoOvertime } from '../../../domain/todo/state';
import { useInjection } from '../../shared/di';
import { useOpenTodo } from '../../shared/useOpenTodo';
import { TODO_DEADLINE_PREFIX, TODO_EMPTY, TODO_NO_DEADLINE, TODO_WIDGET_TITLE, VIEW_ALL } from '../strings';
import { WidgetCard, WidgetLink } from './WidgetCard';

const TODO_LIST_PATH = '/page/todo';

/**
 * The to-do widget (mobile-todo): the first 10 to-dos waiting for the user. Tapping one
 * opens it, or its flow run on the approval page for an approval-type item. The deadline
 * is red when the server flags the item as timed out (as in search): the server's clock
 * and time zone decide, not the phone's.
 */
export function TodoWidget() {
  const api = useInjection<TodoApi>(TODO_API);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const openTodo = useOpenTodo();
  const [, navigate] = useLocation();
  const [items, setItems] = useState<TodoItem[] | null>(null);

  useEffect(() => {
    const ac = new AbortController();
    loadPortalTodos({ todo: api }, { signal: ac.signal })
      .then((items) => startTransition(() => setItems(items)))
      .catch((e: unknown) => {
        if (isApiError(e) && e.cancelled) return;
        notifier.fail(messageOf(e));
        setItems([]);
      });
    return () => ac.abort();
  }, [api, notifier]);

  return (
    <WidgetCard
      title={TODO_WIDGET_TITLE}
      className="cw-widget--todo"
      extra={
        <WidgetLink onClick={() => navigate(TODO_LIST_PATH)}>
          {VIEW_ALL}
          <RightOutline fontSize={12} />
        </WidgetLink>
      }
    >
      {items === null ? (
        <div className="cw-widget__loading">
          <DotLoading color="primary" />
        </div>
      ) : items.length === 0 ? (
        <p className="cw-widget__empty">{TODO_EMPTY}</p>
      ) : (
        <ul className="cw-todo-widget__list" aria-label={TODO_WIDGET_TITLE}>
          {items.map((item) => {
            const overdue = isTodoOvertime(item);
            const deadline = formatDisplayDate(item.endTime);
            return (
              <li key={item.id}>
                <button type="button" className="cw-todo-widget__item" onClick={() => openTodo(item)}>
                  <span className={`cw-todo-widget__dot${isApprovalTodo(item) ? ' cw-todo-widget__dot--approval' : ''}`} aria-hidden="true" />
                  <span className="cw-todo-widget__name">{item.name}</span>
                  <span className={`cw-todo-widget__deadline${overdue ? ' cw-todo-widget__deadline--overdue' : ''}`}>
                    {deadline ? `${TODO_DEADLINE_PREFIX} ${deadline}` : TODO_NO_DEADLINE}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </WidgetCard>
  );
}
