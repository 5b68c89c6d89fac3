/**
 * Opening a to-do as 查看详情 does (./useCases.ts todoTargetPath): the to-do page, or the
 * approval page for an approval-type item after applying the campus its link carries
 * (该校区不存在 told otherwise). Shared by global search and the home to-do widget; one
 * per signed-in user, holding nothing but its ports.
 */
import { attach, createEffect, createEvent, sample, type Store } from 'effector';
import type { Campus } from '../../domain/session/types';
import type { Result } from '../../domain/shared/result';
import type { SearchTodoMatter } from '../../domain/search/types';
import type { Navigator, Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { defineScreen } from '../shared/screens';
import { SESSION_MODEL } from '../session/model';
import { tellFailure } from '../shared/failureNotice';
import { todoTargetPath } from './useCases';

export type OpenableTodo = Pick<SearchTodoMatter, 'id' | 'type' | 'data'>;

export interface TodoOpenerDeps {
  readonly navigator: Pick<Navigator, 'go'>;
  readonly notifier: Pick<Notifier, 'fail'>;
  /** The user's campuses (the session's). */
  readonly $campuses: Store<readonly Campus[]>;
  /** Switches to a campus a link names (the session's): 该校区不存在 when the user has none such. */
  readonly linkCampus: (p: { campuses: readonly Campus[]; campusId: unknown }) => Promise<Result<unknown, string>>;
}

export function createTodoOpenerModel(deps: TodoOpenerDeps) {
  const todoOpened = createEvent<OpenableTodo>();
  const openFx = attach({
    source: deps.$campuses,
    mapParams: (item: OpenableTodo, campuses: readonly Campus[]) => ({ item, campuses }),
    effect: createEffect(async ({ item, campuses }: { item: OpenableTodo; campuses: readonly Campus[] }) => {
      const target = await todoTargetPath({ linkCampus: (campusId) => deps.linkCampus({ campuses, campusId }) }, item);
      if (target.ok) deps.navigator.go(target.value);
      else tellFailure(deps.notifier, target.error);
    }),
  });
  sample({ clock: todoOpened, target: openFx });
  return { todoOpened, openFx };
}

export type TodoOpenerModel = ReturnType<typeof createTodoOpenerModel>;

export const todoOpenerScreen = defineScreen({
  name: 'todoOpener',
  lifetime: 'user',
  key: () => '',
  create: (get) => {
    const session = get(SESSION_MODEL);
    return createTodoOpenerModel({
      navigator: get(NAVIGATOR),
      notifier: get(NOTIFIER),
      $campuses: session.$campuses,
      linkCampus: (p) => session.linkCampusFx(p),
    });
  },
});
