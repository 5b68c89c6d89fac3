import { TextArea } from 'antd-mobile';
import type { ReactNode } from 'react';
import { OPINION_MAX_LENGTH, opinionLength, type QuickOpinionOption } from '../../domain/approval';
import { OPINION_PLACEHOLDER, QUICK_OPINIONS_TITLE } from './strings';

export interface OpinionBoxProps {
  /** The id of the heading that names the box. */
  readonly labelledBy: string;
  readonly value: string;
  readonly onTyped: (text: string) => void;
  readonly quickOpinions: readonly QuickOpinionOption[];
  readonly onPicked: (text: string) => void;
  /** The opinion's check did not pass: the box is outlined in red. */
  readonly invalid?: boolean;
  /** Shown under the box, above the quick opinions (the check's message). */
  readonly error?: ReactNode;
  readonly minRows?: number;
}

/**
 * The opinion box of the action screen and the quick 同意 sheet (SPEC point 2 "Approval
 * action screen"): at most 200 characters with its count, and the quick opinions as chips.
 * What is kept of the typing is its model's (application/approval/opinion.ts).
 */
export function OpinionBox({ labelledBy, value, onTyped, quickOpinions, onPicked, invalid = false, error = null, minRows = 4 }: OpinionBoxProps) {
  return (
    <>
      <div className={`cw-ap-opinion${invalid ? ' cw-ap-opinion--error' : ''}`}>
        <TextArea
          aria-labelledby={labelledBy}
          placeholder={OPINION_PLACEHOLDER}
          value={value}
          onChange={onTyped}
          maxLength={OPINION_MAX_LENGTH}
          rows={minRows}
          autoSize={{ minRows, maxRows: 8 }}
        />
        <span className="cw-ap-opinion__count" aria-live="polite">
          {opinionLength(value)}/{OPINION_MAX_LENGTH}
        </span>
      </div>
      {error}
      {quickOpinions.length > 0 ? (
        <div className="cw-ap-quick" role="group" aria-label={QUICK_OPINIONS_TITLE}>
          <span className="cw-ap-quick__label">{QUICK_OPINIONS_TITLE}</span>
          <div className="cw-ap-quick__chips">
            {quickOpinions.map((q) => (
              <button key={q.value} type="button" className="cw-ap-quick__chip" onClick={() => onPicked(q.value)}>
                {q.name}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </>
  );
}
