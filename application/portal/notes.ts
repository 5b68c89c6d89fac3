/**
 * The note widget (mobile-note). The spec names the widget and nothing else, so this is
 * decided:
 * - what it shows: the signed-in user's own short notes (便签), newest first; the card
 *   lists the newest three (two lines each) and a count, a tap opens the editor;
 * - where they live: on the device, in the KeyValueStorage port under
 *   `campus.notes.<userId>` (no server call exists for notes, and the spec's call list is
 *   closed), so each user on a shared phone sees only their own; logging out keeps them;
 * - limits: at most 200 characters a note (trimmed; blank means delete) and 20 notes,
 *   the oldest dropped beyond that; unreadable storage reads as no notes.
 * The rules are small and pure; the storage calls wrap them. They sit here rather than
 * in domain/portal only because that layer was closed when the widget was designed.
 */
import type { KeyValueStorage } from '../ports/runtime';

export type Note = { readonly id: string; readonly text: string; readonly updatedAt: number };

export const NOTE_MAX_LENGTH = 200;
export const NOTES_MAX = 20;
export const NOTES_KEY_PREFIX = 'campus.notes.';

export const notesKey = (userId: string): string => `${NOTES_KEY_PREFIX}${userId}`;

const clean = (text: unknown): string =>
  typeof text === 'string' ? Array.from(text.trim()).slice(0, NOTE_MAX_LENGTH).join('').trim() : '';

/** Reads stored notes (JSON text); anything unreadable is dropped, at most NOTES_MAX, newest first. */
export const parseNotes = (raw: unknown): Note[] => {
  if (typeof raw !== 'string') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const out: Note[] = [];
  for (const n of value) {
    if (typeof n !== 'object' || n === null) continue;
    const { id, text, updatedAt } = n as Record<string, unknown>;
    const t = clean(text);
    if (typeof id !== 'string' || id === '' || seen.has(id) || t === '') continue;
    seen.add(id);
    out.push({ id, text: t, updatedAt: typeof updatedAt === 'number' && Number.isFinite(updatedAt) ? updatedAt : 0 });
  }
  return out.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, NOTES_MAX);
};

/**
 * Adds (no id) or rewrites a note; the note moves to the top. Blank text removes the
 * note being edited and adds nothing. Beyond NOTES_MAX the oldest goes.
 */
export const upsertNote = (notes: readonly Note[], edit: { id?: string | null; text: unknown }, now: number, newId: string): Note[] => {
  const text = clean(edit.text);
  const others = notes.filter((n) => n.id !== edit.id);
  if (text === '') return [...others];
  const id = typeof edit.id === 'string' && edit.id !== '' ? edit.id : newId;
  return [{ id, text, updatedAt: now }, ...others].slice(0, NOTES_MAX);
};

export const removeNote = (notes: readonly Note[], id: string): Note[] => notes.filter((n) => n.id !== id);

// ---------------------------------------------------------------------------
// Storage
// ---------------------------------------------------------------------------

export function readNotes(storage: Pick<KeyValueStorage, 'get'>, userId: string): Note[] {
  return parseNotes(storage.get(notesKey(userId)));
}

function writeNotes(storage: Pick<KeyValueStorage, 'set' | 'remove'>, userId: string, notes: readonly Note[]): void {
  if (notes.length === 0) storage.remove(notesKey(userId));
  else storage.set(notesKey(userId), JSON.stringify(notes));
}

export function saveNote(
  storage: Pick<KeyValueStorage, 'get' | 'set' | 'remove'>,
  userId: string,
  edit: { id?: string | null; text: unknown },
  now: number,
): Note[] {
  const next = upsertNote(readNotes(storage, userId), edit, now, `n${now.toString(36)}${Math.random().toString(36).slice(2, 7)}`);
  writeNotes(storage, userId, next);
  return next;
}

export function deleteNote(storage: Pick<KeyValueStorage, 'get' | 'set' | 'remove'>, userId: string, id: string): Note[] {
  const next = removeNote(readNotes(storage, userId), id);
  writeNotes(storage, userId, next);
  return next;
}
