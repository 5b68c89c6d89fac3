import { useUnit } from 'effector-react';
import { useCallback, useMemo } from 'react';
import { $nextSteps, nextStepChanged } from '../../application/approval';
import { initialNextStep, type NextNodeData, type NextStepSelection } from '../../domain/approval';

/**
 * A chooser's selection, kept in the shared store under its scope (so the selector
 * pages can be visited and a remount finds it); the flow's proposal until the user
 * changes it.
 */
export function useNextStep(scope: string, data: NextNodeData | null): [NextStepSelection | null, (s: NextStepSelection) => void] {
  const [all, change] = useUnit([$nextSteps, nextStepChanged]);
  const stored = all[scope];
  const selection = useMemo(() => stored ?? (data ? initialNextStep(data) : null), [stored, data]);
  const set = useCallback((s: NextStepSelection) => change({ scope, selection: s }), [change, scope]);
  return [selection, set];
}
