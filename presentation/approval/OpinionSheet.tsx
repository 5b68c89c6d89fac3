import { Button } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import type { QuickOpinionOption } from '../../domain/approval';
import { DIALOG_CANCEL } from '../../domain/shared/messages';
import { Sheet } from '../shared/Sheet';
import { OpinionBox } from './OpinionBox';
import { OPINION_TITLE, REQUIRED_MARK } from './strings';

export interface OpinionSheetProps {
  readonly open: boolean;
  readonly title: string;
  /** Ids the sheet's parts are named by (one sheet of each kind is open at a time). */
  readonly id: string;
  readonly opinion: string;
  readonly quickOpinions: readonly QuickOpinionOption[];
  readonly onTyped: (text: string) => void;
  readonly onPicked: (text: string) => void;
  /** The opinion must be given (marked *). */
  readonly required?: boolean;
  /** Why the opinion was refused, under it. */
  readonly error?: string | null;
  /** While the action runs: the sheet stays, the button shows it, nothing else is tapped. */
  readonly busy: boolean;
  readonly confirmText: string;
  readonly danger?: boolean;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
  /** Above the opinion (the run's title). */
  readonly head?: ReactNode;
  /** Between the opinion and the button (the progress). */
  readonly foot?: ReactNode;
}

/**
 * The bottom sheet of an action taken from the list, on one run (quick 同意) or on many
 * (批量同意 / 批量拒绝): its title and ×, an opinion with the quick opinions, and the
 * confirm button. What it does is its model's; a failure leaves it open with what was typed.
 *
 * Drawn in the shared Sheet rather than antd-mobile's Popup: the Popup brought react-spring
 * and use-gesture (about 26 KB, two requests) onto the approval list's first load for
 * sheets it does not show (bench/notes.md, tenth session). Like the filter popup, closing
 * is the × and a tap on the mask.
 */
export function OpinionSheet(p: OpinionSheetProps) {
  const close = () => {
    if (!p.busy) p.onClose();
  };
  const labelId = `${p.id}-opinion`;
  return (
    <Sheet open={p.open} onMaskClick={close} bodyClassName="cw-ap-quickagree">
      <div role="dialog" aria-label={p.title} className="cw-ap-quickagree__dialog">
        <header className="cw-ap-filter__head">
          <h2 className="cw-ap-filter__title">{p.title}</h2>
          <button type="button" className="cw-ap-filter__close" aria-label={DIALOG_CANCEL} disabled={p.busy} onClick={close}>
            ×
          </button>
        </header>
        {p.head}
        <h3 className="cw-ap-section__title" id={labelId}>
          {p.required ? <span className="cw-ap-required">{REQUIRED_MARK}</span> : null}
          {OPINION_TITLE}
        </h3>
        <OpinionBox
          labelledBy={labelId}
          value={p.opinion}
          onTyped={p.onTyped}
          quickOpinions={p.quickOpinions}
          onPicked={p.onPicked}
          invalid={p.error != null}
          error={
            p.error != null ? (
              <p className="cw-ap-section__error" role="alert">
                <ExclamationCircleFill /> {p.error}
              </p>
            ) : null
          }
          minRows={3}
        />
        {p.foot}
        <Button
          block
          shape="rounded"
          color={p.danger ? 'danger' : 'primary'}
          className="cw-ap-quickagree__confirm"
          loading={p.busy}
          loadingText={p.confirmText}
          disabled={p.busy}
          onClick={p.onConfirm}
        >
          {p.confirmText}
        </Button>
      </div>
    </Sheet>
  );
}
