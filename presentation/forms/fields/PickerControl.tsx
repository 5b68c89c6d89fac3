import { Tag } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { $selections, doneSelection, fieldSelectionKey, selectionConsumed, selectionRequested } from '../../../application/selectors';
import { parseDataSource } from '../../../domain/forms/dataSource';
import type { PickerItem } from '../../../domain/forms/types';
import { useEngine, useFormContext } from '../FormContext';
import { CHOOSE, PLACEHOLDER_SELECT, REMOVE_ITEM } from '../strings';
import { ariaOf, type ControlProps } from './types';

/** The route of the selector page a picker opens (SPEC point 2 page/picker?key=). */
export const pickerPath = (key: string): string => `/page/picker?key=${encodeURIComponent(key)}`;

const itemsOf = (value: unknown): PickerItem[] =>
  Array.isArray(value) ? (value as PickerItem[]).filter((i) => i && typeof i.id === 'string') : [];

/**
 * picker: records chosen on the selector page. The field puts its request in the
 * selection channel under its own key and opens page/picker; when the page confirms,
 * the result waits under that key and the field takes it (also after a remount).
 * Decided: maxCount 1 makes it a single choice; otherwise many.
 */
export function PickerControl(p: ControlProps & { readonly rowId?: string }) {
  const { field, state, ids, onChange } = p;
  const { formKey } = useFormContext();
  const engine = useEngine();
  const [, navigate] = useLocation();
  const [entries, request, consume] = useUnit([$selections, selectionRequested, selectionConsumed]);
  const key = fieldSelectionKey(formKey, field.id, p.rowId);
  const result = doneSelection(entries, key);
  useEffect(() => {
    if (!result) return;
    consume(key);
    onChange(result.map((r) => ({ id: r.id, name: r.name })));
  }, [result, key, consume, onChange]);
  const items = itemsOf(state.value);
  const source = parseDataSource(field.dataSource);
  const open = () => {
    request({
      key,
      request: {
        componentId: source?.type === 'select-component' ? (source.id ?? null) : null,
        code: source?.type === 'select-component' ? (source.code ?? null) : null,
        title: field.title ?? null,
        multiple: field.maxCount !== 1,
        selected: items.map((i) => ({ id: i.id, name: i.name, type: 0 })),
      },
    });
    engine.flushDraft();
    navigate(pickerPath(key));
  };
  return (
    <div className="cw-fm-picker" role="group" aria-labelledby={ids.label} {...ariaOf(p)}>
      {items.length > 0 ? (
        <ul className="cw-fm-picker__items">
          {items.map((i) => (
            <li key={i.id}>
              <Tag round color="primary" fill="outline" className="cw-fm-picker__tag">
                {i.name}
                {!state.readonly ? (
                  <button
                    type="button"
                    className="cw-fm-picker__remove"
                    aria-label={`${REMOVE_ITEM} ${i.name}`}
                    onClick={() => onChange(items.filter((x) => x.id !== i.id))}
                  >
                    ×
                  </button>
                ) : null}
              </Tag>
            </li>
          ))}
        </ul>
      ) : null}
      {!state.readonly ? (
        <button type="button" id={ids.control} className="cw-fm-picker__open" onClick={open} aria-describedby={p.describedBy}>
          <AddOutline aria-hidden="true" />
          {items.length > 0 ? CHOOSE : (field.placeholder ?? `${PLACEHOLDER_SELECT}${field.title ?? ''}`)}
        </button>
      ) : null}
    </div>
  );
}
