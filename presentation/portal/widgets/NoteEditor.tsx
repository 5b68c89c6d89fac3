import { Button, TextArea } from 'antd-mobile';
import { NOTE_MAX_LENGTH } from '../../../application/portal/notes';
import { Sheet } from '../../shared/Sheet';
import { NOTE_ADD, NOTE_CLOSE, NOTE_DELETE, NOTE_EDIT, NOTE_PLACEHOLDER, NOTE_SAVE } from '../strings';

export interface NoteEditorProps {
  /** The note being written (id null: a new one); null when the sheet is closed. */
  readonly editing: { readonly id: string | null; readonly text: string } | null;
  /** When the note being edited was last saved, as shown. */
  readonly savedAt: string;
  readonly onClose: () => void;
  readonly onText: (text: string) => void;
  readonly onSave: () => void;
  readonly onRemove: () => void;
}

/**
 * The note widget's editor sheet (NoteWidget.tsx): the app's own Sheet, not antd-mobile's
 * Popup, which would bring react-spring and use-gesture into home's first screen
 * (bench/notes.md, seventh session). The notes are kept on the device, so the editor's
 * code comes with the card: it opens offline too.
 */
export function NoteEditor({ editing, savedAt, onClose, onText, onSave, onRemove }: NoteEditorProps) {
  return (
    <Sheet open={editing !== null} onMaskClick={onClose} bodyClassName="cw-note__popup">
      {editing ? (
        <div role="dialog" aria-label={editing.id ? NOTE_EDIT : NOTE_ADD} className="cw-note__editor">
          <div className="cw-note__editor-head">
            <button type="button" className="cw-note__editor-close" onClick={onClose}>
              {NOTE_CLOSE}
            </button>
            <h3 className="cw-note__editor-title">{editing.id ? NOTE_EDIT : NOTE_ADD}</h3>
            <span className="cw-note__editor-time">{savedAt}</span>
          </div>
          <TextArea
            autoFocus
            value={editing.text}
            onChange={onText}
            placeholder={NOTE_PLACEHOLDER}
            maxLength={NOTE_MAX_LENGTH}
            showCount
            autoSize={{ minRows: 5, maxRows: 10 }}
            aria-label={NOTE_PLACEHOLDER}
          />
          <div className="cw-note__editor-actions">
            {editing.id ? (
              <Button color="danger" fill="outline" shape="rounded" onClick={onRemove}>
                {NOTE_DELETE}
              </Button>
            ) : null}
            <Button color="primary" shape="rounded" block onClick={onSave} disabled={editing.text.trim() === '' && editing.id === null}>
              {NOTE_SAVE}
            </Button>
          </div>
        </div>
      ) : null}
    </Sheet>
  );
}
