import { Button, Popup } from 'antd-mobile';
import { useUnit } from 'effector-react';
import type { ApprovalCenterModel } from '../../application/approval';
import { ACTION_TITLE_AGREE, CONFIRM_AGREE } from '../../domain/approval';
import { DIALOG_CANCEL } from '../../domain/shared/messages';
import { OpinionBox } from './OpinionBox';
import { OPINION_TITLE } from './strings';

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
  const close = () => {
    if (!busy) on.closed();
  };
  return (
    <Popup visible={item !== null} onMaskClick={close} onClose={close} position="bottom" bodyClassName="cw-ap-quickagree" destroyOnClose>
      <div role="dialog" aria-label={ACTION_TITLE_AGREE} className="cw-ap-quickagree__dialog">
        <header className="cw-ap-filter__head">
          <h2 className="cw-ap-filter__title">{ACTION_TITLE_AGREE}</h2>
          <button type="button" className="cw-ap-filter__close" aria-label={DIALOG_CANCEL} onClick={close}>
            ×
          </button>
        </header>
        <p className="cw-ap-quickagree__run">{item?.title ?? ''}</p>
        <h3 className="cw-ap-section__title" id="cw-ap-quickagree-opinion">
          {OPINION_TITLE}
        </h3>
        <OpinionBox
          labelledBy="cw-ap-quickagree-opinion"
          value={opinion}
          onTyped={(v) => void on.typed(v)}
          quickOpinions={quickOpinions}
          onPicked={(v) => void on.picked(v)}
          minRows={3}
        />
        <Button block shape="rounded" color="primary" className="cw-ap-quickagree__confirm" loading={busy} loadingText={CONFIRM_AGREE} disabled={busy} onClick={() => void on.confirmed()}>
          {CONFIRM_AGREE}
        </Button>
      </div>
    </Popup>
  );
}
