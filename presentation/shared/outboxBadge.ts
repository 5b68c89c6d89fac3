import { useSyncExternalStore } from 'react';
import { OUTBOX_BADGE } from '../../application/offline/ports';
import { useInjection } from './di';

/** How many of the signed-in user's actions wait in the outbox (0 before sign-in and before its code loaded). */
export function useOutboxPending(): number {
  const badge = useInjection(OUTBOX_BADGE);
  return useSyncExternalStore(badge.subscribe, badge.get, badge.get);
}
