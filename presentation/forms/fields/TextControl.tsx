import { PLACEHOLDER_INPUT } from '../strings';
import { ariaOf, type ControlProps } from './types';

/** input and textarea; a textarea with a max length shows its count. */
export function TextControl(p: ControlProps) {
  const { field, state, ids, onChange, onBlur } = p;
  const value = typeof state.value === 'string' ? state.value : '';
  const placeholder = field.placeholder ?? `${PLACEHOLDER_INPUT}${field.title ?? ''}`;
  const common = {
    id: ids.control,
    value,
    placeholder,
    readOnly: state.readonly,
    onBlur,
    ...ariaOf(p),
  };
  if (field.type === 'textarea') {
    const max = typeof field.max === 'number' && field.max > 0 ? field.max : null;
    return (
      <div className="cw-fm-textarea">
        <textarea {...common} rows={3} className="cw-fm-input cw-fm-input--area" onChange={(e) => onChange(e.target.value)} />
        {max !== null ? (
          <div className={Array.from(value).length > max ? 'cw-fm-textarea__count cw-fm-textarea__count--over' : 'cw-fm-textarea__count'} aria-hidden="true">
            {Array.from(value).length}/{max}
          </div>
        ) : null}
      </div>
    );
  }
  const inputMode = field.format === 'mobile' || field.format === 'phone' ? 'tel' : field.format === 'email' ? 'email' : undefined;
  return <input {...common} type="text" inputMode={inputMode} className="cw-fm-input" autoComplete="off" onChange={(e) => onChange(e.target.value)} />;
}
