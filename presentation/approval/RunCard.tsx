import { Button } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { formatDisplayTime, flowStateView, listCardButtons, RECEIVED_TAB, TODO_TAB, type CardButtonKey, type FlowRunListItem } from '../../domain/approval';
import { OUTBOX_CARD_TAG } from '../../domain/offline/messages';
import { UserAvatar } from '../shared/UserAvatar';
import { BATCH_CHOOSE, UNREAD } from './strings';

export interface RunCardProps {
  readonly item: FlowRunListItem;
  readonly tab: number;
  /** Another card's action is on its way: buttons wait. */
  readonly busy: boolean;
  readonly onOpen: (item: FlowRunListItem) => void;
  readonly onAction: (item: FlowRunListItem, key: CardButtonKey) => void;
  /**
   * 批量处理: the card is chosen with a tap instead of opened, and shows no buttons. A
   * card that cannot be chosen says why (`blocker`) and still opens its run.
   */
  readonly choice?: { readonly chosen: boolean; readonly blocker: string | null; readonly onToggle: (item: FlowRunListItem) => void } | null;
  /** An action on the run waits in the outbox (no network): 待发送 in place of its buttons. */
  readonly queued?: boolean;
}

/** The state badge of a run (SPEC point 4 colours). */
export function StateTag({ state, className }: { state: unknown; className?: string }) {
  const view = flowStateView(state);
  if (!view.label) return null;
  return <span className={`cw-ap-state cw-tone--${view.color}${className ? ` ${className}` : ''}`}>{view.label}</span>;
}

const precisLines = (precis: string | null | undefined): string[] =>
  typeof precis === 'string' ? precis.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '').slice(0, 3) : [];

/**
 * One run on the list (SPEC point 2 "Approval centre list", point 4): title, state
 * badge, summary, initiator and time, an unread dot, and the card's buttons by the
 * domain rule (同意 / 拒绝 on the to-do tab, 撤销申请 on the initiated tab while 审批中).
 */
export const RunCard = memo(function RunCard({ item, tab, busy, onOpen, onAction, choice = null, queued = false }: RunCardProps) {
  const buttons = choice ? [] : listCardButtons(tab, item);
  const unread = item.isRead === false && (tab === TODO_TAB || tab === RECEIVED_TAB);
  const lines = precisLines(item.precis);
  const choosable = choice !== null && choice.blocker === null;
  return (
    <article
      className={`cw-ap-card${choice ? ' cw-ap-card--choice' : ''}${choice?.chosen ? ' cw-ap-card--chosen' : ''}${choice && !choosable ? ' cw-ap-card--blocked' : ''}`}
      aria-label={item.title}
    >
      <button
        type="button"
        className="cw-ap-card__main"
        onClick={() => (choosable ? choice.onToggle(item) : onOpen(item))}
        {...(choosable ? { role: 'checkbox', 'aria-checked': choice.chosen, 'aria-label': BATCH_CHOOSE(item.title) } : {})}
      >
        {choice ? (
          <span className={`cw-ap-card__check${choice.chosen ? ' cw-ap-card__check--on' : ''}`} aria-hidden="true">
            {choice.chosen ? <CheckOutline /> : null}
          </span>
        ) : null}
        <span className="cw-ap-card__head">
          {unread ? <span className="cw-ap-card__dot" aria-label={UNREAD} role="img" /> : null}
          <span className="cw-ap-card__title">{item.title}</span>
          <StateTag state={item.state} />
        </span>
        {lines.length > 0 ? (
          <span className="cw-ap-card__precis">
            {lines.map((l, i) => (
              <span key={i} className="cw-ap-card__line">
                {l}
              </span>
            ))}
          </span>
        ) : null}
        <span className="cw-ap-card__meta">
          <UserAvatar name={item.creatorName} image={item.creatorImage} size={26} className="cw-ap-card__avatar" />
          <span className="cw-ap-card__who">{item.creatorName}</span>
          <span className="cw-ap-card__time">{formatDisplayTime(item.creationTime) ?? ''}</span>
          {item.numberStr ? <span className="cw-ap-card__number">#{item.numberStr}</span> : null}
        </span>
        {choice && choice.blocker !== null ? <span className="cw-ap-card__blocker">{choice.blocker}</span> : null}
      </button>
      {queued && buttons.length > 0 ? (
        <div className="cw-ap-card__actions">
          <span className="cw-ap-card__queued cw-tone--amber" role="status">
            {OUTBOX_CARD_TAG}
          </span>
        </div>
      ) : buttons.length > 0 ? (
        <div className="cw-ap-card__actions">
          {buttons.map((b) => (
            <Button
              key={b.key}
              size="small"
              shape="rounded"
              disabled={busy}
              color={b.key === 'approve' ? 'primary' : b.key === 'reject' ? 'danger' : 'default'}
              fill={b.key === 'approve' ? 'solid' : 'outline'}
              className="cw-ap-card__btn"
              onClick={() => onAction(item, b.key)}
            >
              {b.text}
            </Button>
          ))}
        </div>
      ) : null}
    </article>
  );
});
