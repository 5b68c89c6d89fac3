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

/** Types whose control takes the whole width under the label while editing. */
const EDIT_STACKED = new Set(['textarea', 'subform', 'image', 'file', 'document', 'checkbox', 'radio', 'address', 'picker', 'date-range']);
/** Read-only values that take the whole width under the label: a table of rows, or files (none: '-' on the row). */
const readonlyStacked = (type: string, value: unknown): boolean =>
  type === 'subform' || (['image', 'file', 'document'].includes(type) && Array.isArray(value) && value.length > 0);

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
  if (readonlyView) {
    // Read-only: label and value on one row, the same for every kind of field; only a
    // table of rows or a set of files needs the whole width under its label.
    return (
      <FieldShell field={field} state={state} ids={ids} labelFor={false} readonlyView stacked={readonlyStacked(field.type, state.value)}>
        {field.type === 'subform' ? (
          <SubformControl field={field} state={state} ids={ids} options={state.options} describedBy={undefined} invalid={false} onChange={onChange} onBlur={onBlur} readonlyView columnControl={Control} />
        ) : (
          <ReadonlyValue field={field} value={state.value} options={state.options} ids={ids} />
        )}
      </FieldShell>
    );
  }
  return (
    <FieldShell field={field} state={state} ids={ids} labelFor={!NOT_LABELABLE.has(field.type)} stacked={EDIT_STACKED.has(field.type)}>
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
