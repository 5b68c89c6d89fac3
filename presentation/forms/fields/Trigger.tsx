import { ariaOf, type ControlProps } from './types';

export interface TriggerProps extends Pick<ControlProps, 'ids' | 'describedBy' | 'invalid' | 'state'> {
  /** The chosen value as text; '' shows the placeholder. */
  readonly text: string;
  readonly placeholder: string;
  readonly onOpen: () => void;
  /** Another element id when a field has two triggers (a date range). */
  readonly id?: string;
  readonly extraLabel?: string;
}

/**
 * The button that opens a picker popup. It is named by the field's label plus what it
 * shows, so a screen reader hears "请假类型 病假".
 */
export function Trigger({ ids, describedBy, invalid, state, text, placeholder, onOpen, id, extraLabel }: TriggerProps) {
  const controlId = id ?? ids.control;
  const textId = `${controlId}-text`;
  return (
    <button
      type="button"
      id={controlId}
      className={text ? 'cw-fm-trigger' : 'cw-fm-trigger cw-fm-trigger--empty'}
      aria-haspopup="dialog"
      aria-labelledby={`${ids.label} ${textId}`}
      {...ariaOf({ describedBy, invalid, state })}
      disabled={state.readonly}
      onClick={onOpen}
    >
      <span id={textId} className="cw-fm-trigger__text">
        {extraLabel && text ? <span className="cw-visually-hidden">{extraLabel} </span> : null}
        {text || placeholder}
      </span>
      <span className="cw-fm-trigger__arrow" aria-hidden="true" />
    </button>
  );
}
