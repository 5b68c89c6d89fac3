import { Button, Popup } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useCallback, useMemo, useState, type ComponentType } from 'react';
import { columnOptionsKey, rowErrorsKey, type RowErrors } from '../../../application/forms';
import { activeRows, displayValue, isFileType, subformColumns } from '../../../domain/forms/fields';
import { fillMessage } from '../../../domain/forms/messages';
import { canAddRow, canEditRow, canRemoveRow } from '../../../domain/forms/subform';
import type { FieldDefinition, FieldState, Option, SubformRow, UploadedFile } from '../../../domain/forms/types';
import { describedBy, fieldIds, useEngine, useStoreKey } from '../FormContext';
import { ADD, CANCEL, DELETE, EDIT, NO_ROWS, ROW_TITLE, SAVE } from '../strings';
import { FieldShell } from './FieldShell';
import { FileRows, ImageTiles } from './FileControls';
import type { AnyControlProps, ControlProps } from './types';

const shownColumns = (field: FieldDefinition): FieldDefinition[] => subformColumns(field).filter((c) => c.hidden !== true && c.internal !== true);

/** A row's value in its card: text, or the files themselves (previewable) for file columns. */
function ColumnValue({ column, value }: { column: FieldDefinition; value: unknown }) {
  const engine = useEngine();
  const loaded = useStoreKey<Option[]>(columnOptionsKey(column.id));
  const options = loaded ?? engine.columnOptions(column.id);
  const files = isFileType(column.type) && Array.isArray(value) ? (value as UploadedFile[]).filter((f) => f && typeof f.uid === 'string') : [];
  if (files.length > 0) {
    return column.type === 'image' ? (
      <div className="cw-fm-images cw-fm-images--small">
        <ImageTiles files={files} editable={false} label="" />
      </div>
    ) : (
      <FileRows files={files} editable={false} />
    );
  }
  return <>{displayValue(column, value, options)}</>;
}

function ColumnEditor({
  field,
  column,
  row,
  errors,
  control: Control,
}: {
  field: FieldDefinition;
  column: FieldDefinition;
  row: SubformRow;
  errors: Readonly<Record<string, string>>;
  control: ComponentType<AnyControlProps>;
}) {
  const engine = useEngine();
  const loaded = useStoreKey<Option[]>(columnOptionsKey(column.id));
  const options = loaded ?? engine.columnOptions(column.id);
  const ids = fieldIds(column.id, `${field.id}-${row._id}`);
  const error = errors[column.id];
  const state: FieldState = {
    value: row.values[column.id],
    visible: true,
    required: column.required === true,
    readonly: column.readonly === true,
    errors: error ? [error] : [],
    ...(options ? { options } : {}),
  };
  const sub = useMemo(() => engine.subform(field.id), [engine, field.id]);
  const onChange = useCallback((v: unknown) => sub.update(row._id, { [column.id]: v }), [sub, row._id, column.id]);
  const labelFor = !['radio', 'checkbox', 'switch', 'picker', 'image', 'file', 'document'].includes(column.type);
  // Files in a row go through the engine's upload pipeline like the main table's, into this row's column.
  const fileTarget = useMemo(() => (isFileType(column.type) ? { subformId: field.id, rowId: row._id, columnId: column.id } : undefined), [column, field.id, row._id]);
  return (
    <FieldShell field={column} state={state} ids={ids} labelFor={labelFor}>
      <Control
        field={column}
        state={state}
        ids={ids}
        options={options}
        describedBy={describedBy(ids, !!column.description?.text, !!error)}
        invalid={!!error}
        onChange={onChange}
        onBlur={() => undefined}
        rowId={row._id}
        fileTarget={fileTarget}
      />
    </FieldShell>
  );
}

/**
 * subform: its rows as cards (edit, remove as its options allow) and an add button;
 * a row is edited in a bottom sheet with 取消 (back to the saved row) and 保存 (checked
 * first). A row under edit reopens after a remount (back from the picker page).
 * `columnControl` draws a column in the row editor: Control, which draws this subform
 * too, so it is passed in (fields/Control.tsx, FieldNode) instead of imported back.
 */
export function SubformControl(p: ControlProps & { readonly readonlyView?: boolean; readonly columnControl: ComponentType<AnyControlProps> }) {
  const { field, state, ids, describedBy: described } = p;
  const engine = useEngine();
  const sub = useMemo(() => engine.subform(field.id), [engine, field.id]);
  const rowErrors = useStoreKey<RowErrors>(rowErrorsKey(field.id)) ?? {};
  const rows = activeRows(state.value);
  const editing = rows.find((r) => r._editing === true);
  const editable = !state.readonly && !p.readonlyView;
  const columns = shownColumns(field);
  // The row sheet is built the first time a row is edited, then kept for its animation.
  const [opened, setOpened] = useState(false);
  if (editing !== undefined && !opened) setOpened(true);
  return (
    <div className="cw-fm-subform" role="group" aria-labelledby={ids.label} aria-describedby={described}>
      {rows.length === 0 ? <div className="cw-fm-subform__empty">{p.readonlyView ? '-' : NO_ROWS}</div> : null}
      {rows.map((row, i) => {
        const title = fillMessage(ROW_TITLE, { n: i + 1 });
        return (
          <section key={row._id} className="cw-fm-subform__row" aria-label={`${field.title ?? ''} ${title}`}>
            <header className="cw-fm-subform__row-head">
              <span className="cw-fm-subform__row-title">{title}</span>
              {editable && canEditRow(field, row) ? (
                <button type="button" className="cw-link" onClick={() => sub.edit(row._id)} aria-label={`${EDIT} ${title}`}>
                  {EDIT}
                </button>
              ) : null}
              {editable && canRemoveRow(field, row) ? (
                <button type="button" className="cw-link cw-fm-danger" onClick={() => sub.remove(row._id)} aria-label={`${DELETE} ${title}`}>
                  {DELETE}
                </button>
              ) : null}
            </header>
            <dl className="cw-fm-subform__values">
              {columns.map((c) => (
                <div key={c.id} className="cw-fm-subform__pair">
                  <dt>{c.title}</dt>
                  <dd>
                    <ColumnValue column={c} value={row.values[c.id]} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
      {editable && field.nonAddable !== true ? (
        <Button
          block
          fill="outline"
          color="primary"
          className="cw-fm-subform__add"
          id={ids.control}
          disabled={!canAddRow(field, state.value)}
          onClick={() => void sub.add()}
        >
          <AddOutline aria-hidden="true" /> {ADD}
          {field.title ?? ''}
        </Button>
      ) : null}
      {editing !== undefined || opened ? (
        <Popup visible={editing !== undefined} onMaskClick={() => editing && sub.cancel(editing._id)} bodyClassName="cw-fm-sheet cw-fm-sheet--tall" destroyOnClose>
          {editing ? (
            <div role="dialog" aria-label={field.title} className="cw-fm-row-editor">
              <div className="cw-fm-sheet__bar">
                <button type="button" className="cw-link cw-fm-sheet__cancel" onClick={() => sub.cancel(editing._id)}>
                  {CANCEL}
                </button>
                <div className="cw-fm-sheet__title">{field.title}</div>
                <button type="button" className="cw-link" onClick={() => sub.save(editing._id)}>
                  {SAVE}
                </button>
              </div>
              <div className="cw-fm-sheet__body cw-fm-form">
                {columns.map((c) => (
                  <ColumnEditor key={c.id} field={field} column={c} row={editing} errors={rowErrors[editing._id] ?? {}} control={p.columnControl} />
                ))}
              </div>
            </div>
          ) : null}
        </Popup>
      ) : null}
    </div>
  );
}
