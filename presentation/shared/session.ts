import { useUnit } from 'effector-react';
import { SESSION_MODEL, type SessionModel } from '../../application/session/model';
import type { CurrentUser } from '../../domain/account/types';
import type { Campus } from '../../domain/session/types';
import { useInjection } from './di';

/** The one session model (application/session/model.ts), from the container. */
export const useSessionModel = (): SessionModel => useInjection<SessionModel>(SESSION_MODEL);

/** The signed-in user; non-null on every page behind the initialisation gate. */
export function useCurrentUser(): CurrentUser | null {
  return useUnit(useSessionModel().$user);
}

export function useCampuses(): { campuses: readonly Campus[]; campusId: string | null } {
  const model = useSessionModel();
  const [campuses, campusId] = useUnit([model.$campuses, model.$campusId]);
  return { campuses, campusId };
}
