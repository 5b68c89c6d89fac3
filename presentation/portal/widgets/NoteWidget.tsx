import { Button, Popup, TextArea } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { NOTE_MAX_LENGTH } from '../../../application/portal/notes';
import { noteWidgetScreen } from '../../../application/portal/noteWidgetModel';
import { formatDisplayDate } from '../../../domain/shared/formats';
import { useScreenModel } from '../../shared/screenModel';
import { useCurrentUser } from '../../shared/session';
import {
  NOTE_ADD,
  NOTE_CLOSE,
  NOTE_DELETE,
  NOTE_EDIT,
  NOTE_EMPTY,
  NOTE_PLACEHOLDER,
  NOTE_SAVE,
  NOTE_WIDGET_TITLE,
  noteCount,
} from '../strings';
import { WidgetCard } from './WidgetCard';

/** How many notes the card itself lists; the rest are a tap away. */
const NOTES_ON_CARD = 3;

/**
 * The note widget (mobile-note; decided, application/portal/notes.ts): the user's own
 * short notes, kept on this device per user. The card shows the newest ones; a tap opens
 * the editor (at most 200 characters), where a note is saved or deleted.
 */
export function NoteWidget() {
  const model = useScreenModel(noteWidgetScreen, useCurrentUser()?.id ?? '');
  const [notes, editing] = useUnit([model.$notes, model.$editing]);
  const on = useUnit({ editStarted: model.editStarted, textChanged: model.textChanged, editClosed: model.editClosed, saved: model.saved, removed: model.removed });
  const setEditing = (edit: { id: string | null; text: string } | null) => (edit ? on.editStarted(edit) : on.editClosed());

  return (
    <WidgetCard
      title={NOTE_WIDGET_TITLE}
      className="cw-widget--note"
      extra={
        <span className="cw-note__extra">
          {notes.length > 0 ? <span className="cw-note__count">{noteCount(notes.length)}</span> : null}
          <button type="button" className="cw-icon-button cw-widget__icon" aria-label={NOTE_ADD} onClick={() => setEditing({ id: null, text: '' })}>
            <AddOutline fontSize={18} />
          </button>
        </span>
      }
    >
      {notes.length === 0 ? (
        <button type="button" className="cw-note__empty" onClick={() => setEditing({ id: null, text: '' })}>
          {NOTE_EMPTY}
        </button>
      ) : (
        <ul className="cw-note__list">
          {notes.slice(0, NOTES_ON_CARD).map((note) => (
            <li key={note.id}>
              <button type="button" className="cw-note__item" onClick={() => setEditing({ id: note.id, text: note.text })}>
                <span className="cw-note__text">{note.text}</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <Popup
        visible={editing !== null}
        onMaskClick={() => setEditing(null)}
        onClose={() => setEditing(null)}
        bodyClassName="cw-note__popup"
        destroyOnClose
      >
        {editing ? (
          <div role="dialog" aria-label={editing.id ? NOTE_EDIT : NOTE_ADD} className="cw-note__editor">
            <div className="cw-note__editor-head">
              <button type="button" className="cw-note__editor-close" onClick={() => setEditing(null)}>
                {NOTE_CLOSE}
              </button>
              <h3 className="cw-note__editor-title">{editing.id ? NOTE_EDIT : NOTE_ADD}</h3>
              <span className="cw-note__editor-time">
                {editing.id ? formatDisplayDate(notes.find((n) => n.id === editing.id)?.updatedAt) : ''}
              </span>
            </div>
            <TextArea
              autoFocus
              value={editing.text}
              onChange={on.textChanged}
              placeholder={NOTE_PLACEHOLDER}
              maxLength={NOTE_MAX_LENGTH}
              showCount
              autoSize={{ minRows: 5, maxRows: 10 }}
              aria-label={NOTE_PLACEHOLDER}
            />
            <div className="cw-note__editor-actions">
              {editing.id ? (
                <Button color="danger" fill="outline" shape="rounded" onClick={() => on.removed()}>
                  {NOTE_DELETE}
                </Button>
              ) : null}
              <Button color="primary" shape="rounded" block onClick={() => on.saved()} disabled={editing.text.trim() === '' && editing.id === null}>
                {NOTE_SAVE}
              </Button>
            </div>
          </div>
        ) : null}
      </Popup>
    </WidgetCard>
  );
}
