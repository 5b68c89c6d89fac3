import { Skeleton } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSessionModel } from '../shared/session';
import { LOADING } from '../shared/strings';

/** The skeleton of the main layout: what the user sees until the session is ready. */
export function GateSkeleton() {
  return (
    <div className="cw-gate" role="status" aria-label={LOADING} aria-busy="true">
      <div className="cw-gate__bar">
        <Skeleton animated className="cw-gate__avatar" />
        <Skeleton animated className="cw-gate__campus" />
      </div>
      <div className="cw-gate__card">
        <Skeleton animated className="cw-gate__banner" />
      </div>
      <div className="cw-gate__card cw-gate__grid">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="cw-gate__cell">
            <Skeleton animated className="cw-gate__icon" />
            <Skeleton animated className="cw-gate__label" />
          </div>
        ))}
      </div>
      <div className="cw-gate__card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    </div>
  );
}

/**
 * The initialisation gate (SPEC point 2): a skeleton until user info, the campus list
 * and the message hub are ready. Any failure clears the session and replaces the
 * location with /login (the session model does both).
 */
export function InitGate({ children }: { children: ReactNode }) {
  const model = useSessionModel();
  const status = useUnit(model.$status);
  const asked = useRef(false);
  useEffect(() => {
    if (status !== 'idle' || asked.current) return;
    asked.current = true;
    void model.initialiseFx().catch(() => undefined);
  }, [status, model]);
  return status === 'ready' ? <>{children}</> : <GateSkeleton />;
}
