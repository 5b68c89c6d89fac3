import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import {
  $actionSession,
  $flowSession,
  actionSessionSet,
  flowSessionSet,
  restoreActionSession,
  restoreFlowSession,
  storeActionSession,
  storeFlowSession,
  type ActionSession,
  type FlowSession,
} from '../../application/approval';
import type { KeyValueStorage } from '../../application/ports/runtime';
import { KEY_VALUE_STORAGE } from '../../application/ports/tokens';
import { useInjection } from '../shared/di';
import { useCurrentUser } from '../shared/session';

/** Setters that keep the shared sessions and their reload copies together. */
export function useSessionWriters() {
  const storage = useInjection<KeyValueStorage>(KEY_VALUE_STORAGE);
  const user = useCurrentUser();
  const [setFlow, setAction] = useUnit([flowSessionSet, actionSessionSet]);
  return useMemo(
    () => ({
      flow(session: FlowSession | null) {
        setFlow(session);
        if (user) storeFlowSession(storage, user.id, session);
      },
      action(session: ActionSession | null) {
        setAction(session);
        if (user) storeActionSession(storage, user.id, session);
      },
    }),
    [storage, user, setFlow, setAction],
  );
}

/** The flow session selectNode works on: the one in memory, else the copy kept for a reload. */
export function useFlowSession(): FlowSession | null {
  const storage = useInjection<KeyValueStorage>(KEY_VALUE_STORAGE);
  const user = useCurrentUser();
  const [session, set] = useUnit([$flowSession, flowSessionSet]);
  const restored = useMemo(() => (session === null && user ? restoreFlowSession(storage, user.id) : null), [session, user, storage]);
  useEffect(() => {
    if (restored) set(restored);
  }, [restored, set]);
  return session ?? restored;
}

/** The action session approvalPass works on, restored the same way. */
export function useActionSession(): ActionSession | null {
  const storage = useInjection<KeyValueStorage>(KEY_VALUE_STORAGE);
  const user = useCurrentUser();
  const [session, set] = useUnit([$actionSession, actionSessionSet]);
  const restored = useMemo(() => (session === null && user ? restoreActionSession(storage, user.id) : null), [session, user, storage]);
  useEffect(() => {
    if (restored) set(restored);
  }, [restored, set]);
  return session ?? restored;
}
