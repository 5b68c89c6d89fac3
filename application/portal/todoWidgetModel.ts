/**
 * The to-do widget on home (mobile-todo): the first 10 to-dos waiting for the user
 * (待我处理). A failure is told and the widget shows none; the rest of home stays.
 */
import { combine, createEvent, sample } from 'effector';
import type { Notifier } from '../ports/runtime';
import { NOTIFIER } from '../ports/tokens';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { TODO_API, type TodoApi, type TodoItem } from '../ports/todo';
import { loadPortalTodos } from './useCases';

export function createTodoWidgetModel(deps: { readonly todo: Pick<TodoApi, 'list'>; readonly notifier: Pick<Notifier, 'fail'> }) {
  const opened = createEvent();
  const loader = createLoader((_: void, { signal }) => loadPortalTodos({ todo: deps.todo }, { signal, drawnFirst: true }), { notifier: deps.notifier });
  sample({ clock: opened, target: loader.started });
  /** null while the first answer is on its way; none after a failure. */
  const $items = combine(loader.$data, loader.$failure, (items, failure): readonly TodoItem[] | null => (failure !== null ? [] : items));
  /** Drawn from the device and a newer answer came: the same list again. */
  const renew = createEvent();
  sample({ clock: renew, target: loader.retried });
  return { $items, opened, renew, dispose: loader.dispose };
}

export type TodoWidgetModel = ReturnType<typeof createTodoWidgetModel>;

export const todoWidgetScreen = defineScreen({
  name: 'portal.todoWidget',
  lifetime: 'screen',
  key: (userId: string) => userId,
  create: (get) => createTodoWidgetModel({ todo: get(TODO_API), notifier: get(NOTIFIER) }),
});
