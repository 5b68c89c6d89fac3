import { createEvent, createStore } from 'effector';
import type { SelectablePerson } from '../../domain/selectors/types';

/**
 * The selection channel: how a screen asks the selector pages (page/picker,
 * page/listPicker, selectors) for a choice and reads it when it comes back.
 *
 * The caller puts a request under a key of its own and navigates to the page with
 * `?key=`; the page reads the request, and on confirm stores the result under the same
 * key and goes back; the caller sees the entry turn `done`, takes the result and
 * consumes the entry. Keys name the asker, e.g. `form:{draftKey}:{fieldId}` or
 * `approval:next:{nodeId}`.
 */
export interface SelectionRequest {
  /** The select component, by id or by code (id wins). */
  readonly componentId?: string | null;
  readonly code?: string | null;
  /** Page title; the component's name when absent. */
  readonly title?: string | null;
  /** One item or many (default many). */
  readonly multiple?: boolean;
  /** Passed through to the data calls (SPEC point 6). */
  readonly dataPower?: string | number | null;
  /** What is chosen already. */
  readonly selected?: readonly SelectablePerson[];
}

export type SelectionStatus = 'open' | 'done' | 'cancelled';

export interface SelectionEntry {
  readonly request: SelectionRequest;
  readonly status: SelectionStatus;
  readonly result: readonly SelectablePerson[] | null;
}

export const selectionRequested = createEvent<{ key: string; request: SelectionRequest }>();
export const selectionConfirmed = createEvent<{ key: string; result: readonly SelectablePerson[] }>();
export const selectionCancelled = createEvent<string>();
export const selectionConsumed = createEvent<string>();
/** Every pending or waiting selection goes: the session ended (composition/container.ts). */
export const selectionsCleared = createEvent();

export const $selections = createStore<Readonly<Record<string, SelectionEntry>>>({})
  .on(selectionRequested, (s, { key, request }) => ({ ...s, [key]: { request, status: 'open', result: null } }))
  .on(selectionConfirmed, (s, { key, result }) => {
    const entry = s[key];
    // A page opened from a bookmark has no asker; its result is kept for whoever asks.
    return { ...s, [key]: { request: entry?.request ?? {}, status: 'done', result: [...result] } };
  })
  .on(selectionCancelled, (s, key) => {
    const entry = s[key];
    return entry && entry.status === 'open' ? { ...s, [key]: { ...entry, status: 'cancelled' } } : s;
  })
  .on(selectionConsumed, (s, key) => {
    if (!(key in s)) return s;
    const { [key]: _dropped, ...rest } = s;
    return rest;
  })
  .reset(selectionsCleared);

/** The result waiting for an asker, or null while the page is open or nothing was chosen. */
export const doneSelection = (entries: Readonly<Record<string, SelectionEntry>>, key: string): readonly SelectablePerson[] | null => {
  const entry = entries[key];
  return entry && entry.status === 'done' ? (entry.result ?? []) : null;
};

/** The key a form field uses (the draft key keeps it stable across a remount). */
export const fieldSelectionKey = (formKey: string, fieldId: string, rowId?: string): string =>
  rowId ? `form:${formKey}:${fieldId}:${rowId}` : `form:${formKey}:${fieldId}`;

/**
 * A request from the page's query, for a page opened without an asker (a link, a
 * reload): `id` or `code`, `title`, `multiple=0|1`, `dataPower`.
 */
export const requestFromQuery = (query: URLSearchParams | Readonly<Record<string, string | undefined>>): SelectionRequest | null => {
  const get = (k: string): string | undefined => (query instanceof URLSearchParams ? (query.get(k) ?? undefined) : query[k]);
  const componentId = get('id') ?? get('componentId');
  const code = get('code');
  if (!componentId && !code) return null;
  const multiple = get('multiple');
  const dataPower = get('dataPower');
  const title = get('title');
  return {
    ...(componentId ? { componentId } : {}),
    ...(code ? { code } : {}),
    ...(title ? { title } : {}),
    ...(multiple !== undefined ? { multiple: multiple !== '0' && multiple !== 'false' } : {}),
    ...(dataPower !== undefined ? { dataPower } : {}),
  };
};
