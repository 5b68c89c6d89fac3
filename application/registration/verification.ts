/**
 * 核验通过, written once for the report page and the matter detail (SPEC point 2
 * "Student registration", point 5): a matter that asks for items, a type or a remark
 * goes to the remark form (selectTypeRemarks, which goes back `backCount` entries after
 * the pass); any other is passed at once, 核验成功 is told and the page asks for its
 * state again. One pass at a time; a failure is told (the server's message).
 */
import { attach, combine, createEffect, createEvent, sample, type Effect } from 'effector';
import { VERIFY_SUCCESS } from '../../domain/registration/messages';
import type { Matter } from '../../domain/registration/types';
import type { Navigator, Notifier } from '../ports/runtime';
import { tellFailure } from '../shared/failureNotice';
import type { RegistrationApi } from './ports';
import { startVerify, verifyMatter } from './useCases';

export interface MatterVerificationDeps {
  readonly api: RegistrationApi;
  readonly navigator: Pick<Navigator, 'go'>;
  readonly notifier: Pick<Notifier, 'success' | 'fail'>;
  /** The student whose matter is passed. */
  readonly number: string;
  /** How far the remark form goes back after its pass: to the page that asked. */
  readonly backCount: number;
  /** Asks for the page's state again after a pass (keeping what is shown). */
  readonly reload: Effect<void, void>;
}

export function createMatterVerification(deps: MatterVerificationDeps) {
  const verifyRequested = createEvent<Matter | null>();

  /** Answers whether the matter was passed here (not when it went to the remark form). */
  const verifyFx = createEffect(async (matter: Matter | null): Promise<boolean> => {
    const start = startVerify(matter, deps.number, deps.backCount);
    if (start.kind === 'remarks') {
      deps.navigator.go(start.path);
      return false;
    }
    if (start.kind !== 'direct' || !matter) return false;
    const done = await verifyMatter({ api: deps.api }, deps.number, matter);
    if (!done.ok) {
      tellFailure(deps.notifier, done.error);
      return false;
    }
    deps.notifier.success(VERIFY_SUCCESS);
    return true;
  });
  const reloadFx = attach({ effect: deps.reload });
  // The button stays busy until the passed matter shows as handled.
  const $verifying = combine(verifyFx.pending, reloadFx.pending, (a, b) => a || b);

  sample({ clock: verifyRequested, filter: $verifying.map((busy) => !busy), target: verifyFx });
  sample({ clock: verifyFx.doneData, filter: (passed) => passed, fn: () => undefined, target: reloadFx });

  return { verifyRequested, $verifying };
}
