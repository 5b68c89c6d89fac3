/**
 * The opinion box's text, the same on the action screen and the list's sheets
 * (SPEC point 9 "Opinion"): typed text loses its whitespace and stops at 200
 * characters; a quick opinion is appended whole or not at all. And the quick opinions
 * the list's sheets offer.
 */
import { combine, createEffect, createEvent, createStore, sample, type EventCallable, type Store } from 'effector';
import { appendQuickOpinion, normaliseOpinionInput, type ApprovalType, type QuickOpinionOption } from '../../domain/approval';
import { loadQuickOpinions } from './action';
import type { ApprovalApi } from './ports';

export function createOpinionStore(initial: string, typed: EventCallable<string>, picked: EventCallable<string>) {
  return createStore(initial, { serialize: 'ignore' })
    .on(typed, (_, text) => normaliseOpinionInput(text))
    .on(picked, (current, text) => {
      const next = appendQuickOpinion(current, text);
      return next.ok ? normaliseOpinionInput(next.value) : current;
    });
}

/**
 * The quick opinions of each action type, asked when a sheet of that type first opens
 * and kept for the list's lifetime; asked again on the next open while none came (a
 * failure answers none). One for the centre: its quick 同意 and its batch share them.
 */
export function createQuickOpinions(api: ApprovalApi) {
  const wanted = createEvent<ApprovalType>();
  const loadFx = createEffect((type: ApprovalType) => loadQuickOpinions(api, type));
  const $byType = createStore<Readonly<Partial<Record<ApprovalType, readonly QuickOpinionOption[]>>>>({}, { serialize: 'ignore' }).on(
    loadFx.done,
    (known, { params, result }) => ({ ...known, [params]: result }),
  );
  const $asking = createStore<readonly ApprovalType[]>([], { serialize: 'ignore' })
    .on(loadFx, (asking, type) => [...asking, type])
    .on(loadFx.finally, (asking, { params }) => asking.filter((t) => t !== params));
  sample({
    clock: wanted,
    source: { known: $byType, asking: $asking },
    filter: ({ known, asking }, type) => !asking.includes(type) && (known[type]?.length ?? 0) === 0,
    fn: (_, type) => type,
    target: loadFx,
  });
  /** The options of the type `$type` names (none while it is null or they have not come). */
  const of = ($type: Store<ApprovalType | null>): Store<readonly QuickOpinionOption[]> =>
    combine($byType, $type, (known, type) => (type === null ? NONE : (known[type] ?? NONE)));
  return { wanted, of };
}

export type QuickOpinions = ReturnType<typeof createQuickOpinions>;

const NONE: readonly QuickOpinionOption[] = [];
