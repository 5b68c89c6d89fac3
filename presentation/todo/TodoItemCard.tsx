import { memo } from 'react';
import type { TodoItem } from '../../application/todo/ports';
import { formatDisplayDate } from '../../domain/shared/formats';
import { OUTBOX_CARD_TAG } from '../../domain/offline/messages';
import { isApprovalTodo, isTodoDone, isTodoOvertime } from '../../domain/todo/state';
import {
  APPROVAL_TAG,
  ATTACHMENT_COUNT,
  CREATED_PREFIX,
  DEADLINE_PREFIX,
  DONE_PREFIX,
  EXECUTOR_PREFIX,
  MARK_DONE,
  MARK_OPEN,
  NO_DEADLINE,
  OPEN_APPROVAL,
} from './strings';
import { CheckOutline, ClockCircleOutline, FileOutline, RightOutline, UserOutline } from './cardIcons';

export interface TodoItemCardProps {
  item: TodoItem;
  busy: boolean;
  onToggle: (item: TodoItem) => void;
  onOpen: (item: TodoItem) => void;
  /** Its 完成 or 恢复 waits in the outbox (no network): 待发送, and the box waits too. */
  queued?: boolean;
}

/**
 * One to-do in the list: the check box (complete, restore, or open the approval for
 * approval-type items), the name, the deadline (red when overdue), creation or
 * completion time, executor and attachments.
 *
 * Cards mount while the list scrolls (shared/VirtualList), so a card is plain elements:
 * the icons are single-path SVGs (./cardIcons) and the 审批 tag is a span styled as
 * antd-mobile's outline Tag (todo.css), not the components.
 */
export const TodoItemCard = memo(function TodoItemCard({ item, busy, onToggle, onOpen, queued = false }: TodoItemCardProps) {
  const done = isTodoDone(item);
  const overtime = isTodoOvertime(item);
  const approval = isApprovalTodo(item);
  const label = approval ? OPEN_APPROVAL(item.name) : done ? MARK_OPEN(item.name) : MARK_DONE(item.name);
  const files = item.files?.length ?? 0;
  const deadline = formatDisplayDate(item.endTime);
  return (
    <article className={`cw-todo-card${done ? ' cw-todo-card--done' : ''}`} aria-label={item.name}>
      {/* A real checkbox for assistive technology: antd-mobile's hides its input. */}
      <button
        type="button"
        role="checkbox"
        aria-checked={done}
        aria-label={label}
        disabled={busy || queued}
        className={`cw-todo-check${done ? ' cw-todo-check--on' : ''}${approval ? ' cw-todo-check--approval' : ''}${queued ? ' cw-todo-check--queued' : ''}`}
        onClick={() => onToggle(item)}
      >
        {done ? <CheckOutline /> : null}
      </button>
      <button type="button" className="cw-todo-card__body" onClick={() => onOpen(item)}>
        <span className="cw-todo-card__head">
          <span className="cw-todo-card__name">{item.name}</span>
          {queued ? (
            <span className="cw-todo-card__tag cw-todo-card__tag--queued cw-tone--amber" role="status">
              {OUTBOX_CARD_TAG}
            </span>
          ) : null}
          {approval ? (
            <span className="cw-todo-card__tag cw-todo-card__tag--approval">{APPROVAL_TAG}</span>
          ) : item.categoryName ? (
            <span className="cw-todo-card__tag cw-todo-card__tag--category">{item.categoryName}</span>
          ) : null}
        </span>
        <span className={`cw-todo-card__deadline${overtime ? ' cw-todo-card__deadline--late' : ''}`}>
          <ClockCircleOutline />
          {deadline ? `${DEADLINE_PREFIX} ${deadline}` : NO_DEADLINE}
        </span>
        <span className="cw-todo-card__meta">
          <span>
            {done && item.todoTime
              ? `${DONE_PREFIX} ${formatDisplayDate(item.todoTime)}`
              : `${CREATED_PREFIX} ${formatDisplayDate(item.creationTime)}`}
          </span>
          {item.executeName ? (
            <span className="cw-todo-card__executor">
              <UserOutline /> {EXECUTOR_PREFIX} {item.executeName}
            </span>
          ) : null}
          {files > 0 ? (
            <span>
              <FileOutline /> {ATTACHMENT_COUNT(files)}
            </span>
          ) : null}
        </span>
      </button>
      <RightOutline className="cw-todo-card__arrow" />
    </article>
  );
});
