import { AddOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { noteWidgetScreen } from '../../../application/portal/noteWidgetModel';
import { formatDisplayDate } from '../../../domain/shared/formats';
import { useScreenModel } from '../../shared/screenModel';
import { useCurrentUser } from '../../shared/session';
import { NOTE_ADD, NOTE_EMPTY, NOTE_WIDGET_TITLE, noteCount } from '../strings';
import { NoteEditor } from './NoteEditor';
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

      <NoteEditor
        editing={editing}
        savedAt={editing?.id ? formatDisplayDate(notes.find((n) => n.id === editing.id)?.updatedAt) : ''}
        onClose={() => setEditing(null)}
        onText={on.textChanged}
        onSave={() => on.saved()}
        onRemove={() => on.removed()}
      />
    </WidgetCard>
  );
}
