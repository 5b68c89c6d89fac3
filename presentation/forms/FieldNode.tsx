import { memo, useCallback, useContext } from 'react';
import type { FieldDefinition } from '../../domain/forms/types';
import { describedBy, fieldIds, useEngine, useFieldState } from './FormContext';
import { RenderProbe } from './probe';
import { Control } from './fields/Control';
import { FieldShell } from './fields/FieldShell';
import { ReadonlyValue } from './fields/ReadonlyValue';
import { SubformControl } from './fields/SubformControl';

/** Types whose control is a group or a widget, named by aria-labelledby rather than <label for>. */
const NOT_LABELABLE = new Set(['radio', 'checkbox', 'switch', 'picker', 'image', 'file', 'document', 'subform']);

/**
 * One value field bound to the engine. It reads only its own key of the store, so a
 * keystroke elsewhere never redraws it; hidden fields render nothing.
 */
export const FieldNode = memo(function FieldNode({ field }: { field: FieldDefinition }) {
  const engine = useEngine();
  const state = useFieldState(field.id);
  const probe = useContext(RenderProbe);
  probe?.(field.id);
  const onChange = useCallback((value: unknown) => engine.setValue(field.id, value), [engine, field.id]);
  const onBlur = useCallback(() => engine.blur(field.id), [engine, field.id]);
  if (!state || !state.visible) return null;
  const ids = fieldIds(field.id);
  const error = state.errors[0];
  const readonlyView = engine.mode === 'readonly' && state.readonly;
  const hasDescription = !!field.description?.text;
  const stacked = ['textarea', 'subform', 'image', 'file', 'document', 'checkbox', 'radio', 'address', 'picker', 'date-range'].includes(field.type);
  if (readonlyView) {
    return (
      <FieldShell field={field} state={state} ids={ids} labelFor={false} readonlyView stacked={stacked}>
        {field.type === 'subform' ? (
          <SubformControl field={field} state={state} ids={ids} options={state.options} describedBy={undefined} invalid={false} onChange={onChange} onBlur={onBlur} readonlyView columnControl={Control} />
        ) : (
          <ReadonlyValue field={field} value={state.value} options={state.options} ids={ids} />
        )}
      </FieldShell>
    );
  }
  return (
    <FieldShell field={field} state={state} ids={ids} labelFor={!NOT_LABELABLE.has(field.type)} stacked={stacked}>
      <Control
        field={field}
        state={state}
        ids={ids}
        options={state.options}
        describedBy={describedBy(ids, hasDescription, !!error)}
        invalid={!!error}
        onChange={onChange}
        onBlur={onBlur}
      />
    </FieldShell>
  );
});
