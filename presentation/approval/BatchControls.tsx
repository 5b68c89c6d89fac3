import { Button, Checkbox, ProgressBar } from 'antd-mobile';
import { useUnit } from 'effector-react';
import type { BatchModel } from '../../application/approval';
import { CONFIRM_AGREE, CONFIRM_REJECT, allChosen, TODO_TAB, type FlowRunListItem } from '../../domain/approval';
import { Sheet } from '../shared/Sheet';
import { OpinionSheet } from './OpinionSheet';
import {
  BATCH_AGREE,
  BATCH_EXIT,
  BATCH_MODE,
  BATCH_REJECT,
  BATCH_RESULT_OK,
  BATCH_RESULT_TITLE,
  BATCH_SELECT_ALL,
  batchChosenText,
  batchConfirmTitle,
  batchProgressText,
} from './strings';

/**
 * 批量处理 in 我的待办: the entry, the bar with 全选 and the count, the footer with
 * 批量拒绝 and 批量同意, the sheet with the one opinion and the progress, and the result.
 * What they do is the batch model's (application/approval/batchModel.ts).
 */

/** The entry beside 全部标记为已读 (to-do tab only). */
export function BatchEntry({ batch, disabled }: { batch: BatchModel; disabled: boolean }) {
  const toggled = useUnit(batch.batchToggled);
  return (
    <Button size="small" fill="none" color="primary" disabled={disabled} onClick={() => void toggled(true)}>
      {BATCH_MODE}
    </Button>
  );
}

/** In place of the unread row while choosing: 全选 (the loaded runs), the count, 完成. */
export function BatchHeader({ batch, items }: { batch: BatchModel; items: readonly FlowRunListItem[] }) {
  const [chosen, running] = useUnit([batch.$chosen, batch.$running]);
  const on = useUnit({ toggled: batch.batchToggled, all: batch.allToggled });
  const every = allChosen(chosen, items, TODO_TAB);
  return (
    <div className="cw-ap-list__unread cw-ap-batch__head">
      <Checkbox
        className="cw-ap-list__unread-check"
        checked={every}
        indeterminate={!every && chosen.length > 0}
        disabled={running}
        onChange={() => on.all()}
      >
        {BATCH_SELECT_ALL}
      </Checkbox>
      <span className="cw-ap-batch__count" aria-live="polite">
        {batchChosenText(chosen.length)}
      </span>
      <Button size="small" fill="none" color="primary" disabled={running} onClick={() => void on.toggled(false)}>
        {BATCH_EXIT}
      </Button>
    </div>
  );
}

/** The fixed footer of the mode. */
export function BatchFooter({ batch }: { batch: BatchModel }) {
  const [chosen, running] = useUnit([batch.$chosen, batch.$running]);
  const chose = useUnit(batch.actionChosen);
  const none = chosen.length === 0;
  return (
    <footer className="cw-ap-footer cw-ap-footer--two cw-ap-batch__footer">
      <Button block shape="rounded" color="danger" fill="outline" disabled={running || none} onClick={() => void chose('reject')}>
        {BATCH_REJECT}
      </Button>
      <Button block shape="rounded" color="primary" disabled={running || none} onClick={() => void chose('approve')}>
        {BATCH_AGREE}
      </Button>
    </footer>
  );
}

/** 批量同意 / 批量拒绝: the one opinion (required for a rejection), then the progress while the runs go. */
export function BatchSheet({ batch }: { batch: BatchModel }) {
  const [sheet, chosen, opinion, error, quickOpinions, running, progress] = useUnit([
    batch.$sheet,
    batch.$chosen,
    batch.$opinion,
    batch.$opinionError,
    batch.$quickOpinions,
    batch.$running,
    batch.$progress,
  ]);
  const on = useUnit({
    typed: batch.opinionTyped,
    picked: batch.opinionPicked,
    confirmed: batch.confirmed,
    close: batch.sheetCloseRequested,
  });
  const action = sheet ?? 'approve';
  const title = batchConfirmTitle(action, progress?.total ?? chosen.length);
  const confirm = action === 'approve' ? CONFIRM_AGREE : CONFIRM_REJECT;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <OpinionSheet
      open={sheet !== null}
      id="cw-ap-batch"
      title={title}
      required={action === 'reject'}
      opinion={opinion}
      quickOpinions={running ? [] : quickOpinions}
      onTyped={(v) => void on.typed(v)}
      onPicked={(v) => void on.picked(v)}
      error={error}
      busy={running}
      confirmText={confirm}
      danger={action !== 'approve'}
      onConfirm={() => void on.confirmed()}
      onClose={() => void on.close()}
      foot={
        progress ? (
          <div className="cw-ap-batch__progress" role="status">
            <ProgressBar percent={percent} />
            <span>{batchProgressText(progress.done, progress.total)}</span>
          </div>
        ) : null
      }
    />
  );
}

/** How it went when something failed: the counts and each failure with the server's message. */
export function BatchResult({ batch }: { batch: BatchModel }) {
  const result = useUnit(batch.$result);
  const close = useUnit(batch.resultClosed);
  return (
    <Sheet open={result !== null} onMaskClick={() => close()} bodyClassName="cw-ap-quickagree">
      <div role="dialog" aria-label={BATCH_RESULT_TITLE} className="cw-ap-quickagree__dialog">
        <header className="cw-ap-filter__head">
          <h2 className="cw-ap-filter__title">{BATCH_RESULT_TITLE}</h2>
        </header>
        <p className="cw-ap-quickagree__run" role="status">
          {result?.text ?? ''}
        </p>
        <ul className="cw-ap-batch__failures">
          {(result?.failures ?? []).map((f) => (
            <li key={f.id} className="cw-ap-batch__failure">
              <span className="cw-ap-batch__failure-title">{f.title}</span>
              <span className="cw-ap-batch__failure-message">{f.message}</span>
            </li>
          ))}
        </ul>
        <Button block shape="rounded" color="primary" className="cw-ap-quickagree__confirm" onClick={() => close()}>
          {BATCH_RESULT_OK}
        </Button>
      </div>
    </Sheet>
  );
}
