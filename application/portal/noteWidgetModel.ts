/**
 * The note widget on home (mobile-note; decided, ./notes.ts): the user's own short
 * notes, kept on this device per user. The card shows the newest ones; the editor saves
 * or deletes one and says so.
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { NOTE_DELETED, NOTE_SAVED } from '../../domain/portal/messages';
import type { Clock, KeyValueStorage, Notifier } from '../ports/runtime';
import { CLOCK, KEY_VALUE_STORAGE, NOTIFIER } from '../ports/tokens';
import { defineScreen } from '../shared/screens';
import { deleteNote, readNotes, saveNote, type Note } from './notes';

/** The note in the editor: a new one has no id. */
export type NoteEdit = { readonly id: string | null; readonly text: string };

export interface NoteWidgetDeps {
  readonly storage: KeyValueStorage;
  readonly notifier: Pick<Notifier, 'success'>;
  readonly clock: Clock;
  /** The signed-in user ('' before the session is known: no notes then). */
  readonly userId: string;
}

export function createNoteWidgetModel(deps: NoteWidgetDeps) {
  const { userId } = deps;
  const editStarted = createEvent<NoteEdit>();
  const textChanged = createEvent<string>();
  const editClosed = createEvent();
  const saved = createEvent();
  const removed = createEvent();

  const $notes = createStore<readonly Note[]>(userId ? readNotes(deps.storage, userId) : [], { serialize: 'ignore' });
  const $editing = createStore<NoteEdit | null>(null, { serialize: 'ignore' })
    .on(editStarted, (_, edit) => edit)
    .on(textChanged, (edit, text) => (edit ? { ...edit, text } : edit))
    .reset(editClosed);

  const saveFx = attach({
    source: $editing,
    effect: createEffect((edit: NoteEdit | null): Note[] | null => {
      if (!edit || !userId) return null;
      const notes = saveNote(deps.storage, userId, { id: edit.id, text: edit.text }, deps.clock.now());
      deps.notifier.success(NOTE_SAVED);
      return notes;
    }),
  });
  const removeFx = attach({
    source: $editing,
    effect: createEffect((edit: NoteEdit | null): Note[] | null => {
      if (!edit?.id || !userId) return null;
      const notes = deleteNote(deps.storage, userId, edit.id);
      deps.notifier.success(NOTE_DELETED);
      return notes;
    }),
  });
  sample({ clock: saved, target: saveFx });
  sample({ clock: removed, target: removeFx });
  const written = sample({ clock: [saveFx.doneData, removeFx.doneData], filter: (notes): notes is Note[] => notes !== null });
  $notes.on(written, (_, notes) => notes);
  $editing.reset(written);

  return { $notes, $editing, editStarted, textChanged, editClosed, saved, removed };
}

export type NoteWidgetModel = ReturnType<typeof createNoteWidgetModel>;

export const noteWidgetScreen = defineScreen({
  name: 'portal.noteWidget',
  lifetime: 'screen',
  key: (userId: string) => userId,
  create: (get, userId) =>
    createNoteWidgetModel({ storage: get(KEY_VALUE_STORAGE), notifier: get(NOTIFIER), clock: get(CLOCK), userId }),
});
