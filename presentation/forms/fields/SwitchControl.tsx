import { Switch } from 'antd-mobile';
import { ariaOf, type ControlProps } from './types';

/** switch: named by the field label (aria-labelledby; a switch is not a labelable element). */
export function SwitchControl(p: ControlProps) {
  const { state, ids, onChange } = p;
  return (
    <div className="cw-fm-switch" id={ids.control}>
      <Switch
        checked={state.value === true}
        disabled={state.readonly}
        onChange={(v) => onChange(v)}
        aria-labelledby={ids.label}
        tabIndex={state.readonly ? -1 : 0}
        {...ariaOf(p)}
      />
    </div>
  );
}
