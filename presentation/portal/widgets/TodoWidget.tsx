import { DotLoading } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useDeferredValue } from 'react';
import { todoWidgetScreen } from '../../../application/portal/todoWidgetModel';
import { PATHS } from '../../../application/shared/routes';
import { formatDisplayDate } from '../../../domain/shared/formats';
import { isApprovalTodo, isTodoOvertime } from '../../../domain/todo/state';
import { useScreenModel } from '../../shared/screenModel';
import { useCurrentUser } from '../../shared/session';
import { useOpenTodo } from '../../shared/useOpenTodo';
import { TODO_DEADLINE_PREFIX, TODO_EMPTY, TODO_NO_DEADLINE, TODO_WIDGET_TITLE, VIEW_ALL } from '../strings';
import { WidgetCard, WidgetLink } from './WidgetCard';

/**
 * The to-do widget (mobile-todo): the first 10 to-dos waiting for the user. Tapping one
 * opens it, or its flow run on the approval page for an approval-type item. The deadline
 * is red when the server flags the item as timed out (as in search): the server's clock
 * and time zone decide, not the phone's.
 */
export function TodoWidget() {
  const model = useScreenModel(todoWidgetScreen, useCurrentUser()?.id ?? '');
  // Items arriving are drawn in a background render: no long task on a slow phone.
  const items = useDeferredValue(useUnit(model.$items));
  const openTodo = useOpenTodo();

  return (
    <WidgetCard
      title={TODO_WIDGET_TITLE}
      className="cw-widget--todo"
      extra={<WidgetLink to={PATHS.todoList}>{VIEW_ALL}</WidgetLink>}
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
