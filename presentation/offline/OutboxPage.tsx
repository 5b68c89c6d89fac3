import { Button } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { outboxScreen } from '../../application/offline/outboxModel';
import { entryStatus, type OutboxEntry } from '../../domain/offline/outbox';
import { OUTBOX_COPIED, OUTBOX_COPY, OUTBOX_EMPTY, OUTBOX_GIVE_UP, OUTBOX_HINT, OUTBOX_OPINION, OUTBOX_RETRY } from '../../domain/offline/messages';
import { formatDisplayDate } from '../../domain/shared/formats';
import { copyText } from '../shared/clipboard';
import { ErrorState } from '../shared/ErrorState';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { showToast } from '../shared/toast';
import './outbox.css';

/**
 * 我的 → 待发送: the actions taken without a network, in the order they will be sent,
 * each with its state (待发送, 发送中, 已发送, or 发送失败 and the server's reason), the
 * opinion that was typed (to copy, whatever happened to it), 重试 on a refused one and
 * 放弃 on one not sent. Showing the page sends what can go (application/offline/outboxModel.ts).
 */
export function OutboxPage() {
  const user = useCurrentUser();
  const model = useScreenModel(outboxScreen, { userId: user?.id ?? '' });
  const [entries, sending] = useUnit([model.$entries, model.$sending]);
  const on = useUnit({ retried: model.retried, giveUpAsked: model.giveUpAsked });
  return (
    <div className="cw-outbox">
      <p className="cw-outbox__hint">{OUTBOX_HINT}</p>
      {entries.length === 0 ? (
        <ErrorState title={OUTBOX_EMPTY} status="empty" />
      ) : (
        <ol className="cw-outbox__list">
          {entries.map((e) => (
            <OutboxRow key={e.id} entry={e} busy={sending} onRetry={on.retried} onGiveUp={on.giveUpAsked} />
          ))}
        </ol>
      )}
    </div>
  );
}

function OutboxRow({ entry, busy, onRetry, onGiveUp }: { entry: OutboxEntry; busy: boolean; onRetry: (id: string) => void; onGiveUp: (id: string) => void }) {
  const copy = async () => {
    if (await copyText(entry.text)) showToast(OUTBOX_COPIED, 'success');
  };
  return (
    <li className={`cw-outbox__entry cw-outbox__entry--${entry.state}`} aria-label={entry.label}>
      <div className="cw-outbox__head">
        <span className="cw-outbox__label">{entry.label}</span>
        <span className="cw-outbox__time">{formatDisplayDate(entry.createdAt)}</span>
      </div>
      <p className={`cw-outbox__status cw-outbox__status--${entry.state}`} role="status">
        {entryStatus(entry)}
      </p>
      {entry.text ? (
        <p className="cw-outbox__opinion">
          <span className="cw-outbox__opinion-label">{OUTBOX_OPINION}：</span>
          <span className="cw-outbox__opinion-text">{entry.text}</span>
        </p>
      ) : null}
      {entry.text || entry.state === 'failed' || entry.state === 'waiting' ? (
        <div className="cw-outbox__actions">
          {entry.text ? (
            <Button size="small" fill="none" color="primary" onClick={() => void copy()}>
              {OUTBOX_COPY}
            </Button>
          ) : null}
          {entry.state === 'failed' ? (
            <Button size="small" shape="rounded" color="primary" disabled={busy} onClick={() => onRetry(entry.id)}>
              {OUTBOX_RETRY}
            </Button>
          ) : null}
          {entry.state === 'failed' || entry.state === 'waiting' ? (
            <Button size="small" shape="rounded" fill="outline" disabled={busy && entry.state === 'waiting'} onClick={() => onGiveUp(entry.id)}>
              {OUTBOX_GIVE_UP}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export default OutboxPage;
