/**
 * The opinion box's text, the same on the action screen and the quick 同意 sheet
 * (SPEC point 9 "Opinion"): typed text loses its whitespace and stops at 200
 * characters; a quick opinion is appended whole or not at all.
 */
import { createStore, type EventCallable } from 'effector';
import { appendQuickOpinion, normaliseOpinionInput } from '../../domain/approval';

export function createOpinionStore(initial: string, typed: EventCallable<string>, picked: EventCallable<string>) {
  return createStore(initial, { serialize: 'ignore' })
    .on(typed, (_, text) => normaliseOpinionInput(text))
    .on(picked, (current, text) => {
      const next = appendQuickOpinion(current, text);
      return next.ok ? normaliseOpinionInput(next.value) : current;
    });
}
