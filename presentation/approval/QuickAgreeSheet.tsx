import { useUnit } from 'effector-react';
import type { ApprovalCenterModel } from '../../application/approval';
import { ACTION_TITLE_AGREE, CONFIRM_AGREE } from '../../domain/approval';
import { OpinionSheet } from './OpinionSheet';

/**
 * Quick 同意 from a list card: a small bottom sheet with the run's title, an optional
 * opinion with the quick opinions, and 确认同意. The sheet, the opinion and the call are
 * the centre model's (application/approval/centerModel.ts); a failure keeps it open with
 * what was typed.
 */
export function QuickAgreeSheet({ model }: { model: ApprovalCenterModel }) {
  const [item, opinion, quickOpinions, busy] = useUnit([model.$quickAgree, model.$quickOpinion, model.$quickOpinions, model.$busy]);
  const on = useUnit({
    typed: model.quickOpinionTyped,
    picked: model.quickOpinionPicked,
    confirmed: model.quickAgreeConfirmed,
    closed: model.quickAgreeClosed,
  });
  return (
    <OpinionSheet
      open={item !== null}
      id="cw-ap-quickagree"
      title={ACTION_TITLE_AGREE}
      head={<p className="cw-ap-quickagree__run">{item?.title ?? ''}</p>}
      opinion={opinion}
      quickOpinions={quickOpinions}
      onTyped={(v) => void on.typed(v)}
      onPicked={(v) => void on.picked(v)}
      busy={busy}
      confirmText={CONFIRM_AGREE}
      onConfirm={() => void on.confirmed()}
      onClose={() => void on.closed()}
    />
  );
}
