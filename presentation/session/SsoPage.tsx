import { DotLoading } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ssoScreen } from '../../application/session/ssoModel';
import { ErrorState } from '../shared/ErrorState';
import { Logo } from '../shared/Logo';
import { useBack } from '../shared/navigation';
import { useScreenModel } from '../shared/screenModel';
import { useDocumentTitle } from '../shared/useDocumentTitle';
import { SSO_BACK, SSO_FAILED, SSO_SIGNING_IN } from './strings';

/**
 * Single sign-on (SPEC point 2 route sso): sid and sourceURL are exchanged once through
 * sid-login; redirectPath is honoured only when it is a same-origin path under the base.
 * On failure: an empty state with a back button.
 */
export function SsoPage() {
  const model = useScreenModel(ssoScreen, undefined);
  const [redirect, failure] = useUnit([model.$redirect, model.$failure]);
  const arrived = useUnit(model.arrived);
  const search = useSearch();
  const [, navigate] = useLocation();
  const back = useBack();
  useDocumentTitle(null);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    arrived(search);
  }, [arrived, search]);

  // '~' leaves the router base: the redirect is already a full path under it.
  useEffect(() => {
    if (redirect !== null) navigate(`~${redirect}`, { replace: true });
  }, [redirect, navigate]);

  if (failure !== null) {
    return <ErrorState title={SSO_FAILED} description={failure} actionText={SSO_BACK} onAction={back} fullPage />;
  }
  return (
    <div className="cw-sso" role="status" aria-live="polite">
      <Logo size={56} />
      <p className="cw-sso__text">
        {SSO_SIGNING_IN}
        <DotLoading />
      </p>
    </div>
  );
}
