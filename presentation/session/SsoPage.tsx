import { DotLoading } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSessionModel } from '../shared/session';
import { ErrorState } from '../shared/ErrorState';
import { Logo } from '../shared/Logo';
import { useBack } from '../shared/navigation';
import { useDocumentTitle } from '../shared/useDocumentTitle';
import { withoutSid } from './ssoAddress';
import { SSO_BACK, SSO_FAILED, SSO_SIGNING_IN } from './strings';

/**
 * Single sign-on (SPEC point 2 route sso): sid and sourceURL are exchanged once through
 * sid-login; redirectPath is honoured only when it is a same-origin path under the base.
 * On failure: an empty state with a back button.
 */
export function SsoPage() {
  const model = useSessionModel();
  const search = useSearch();
  const [, navigate] = useLocation();
  const back = useBack();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useDocumentTitle(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    const query = { sid: params.get('sid'), sourceURL: params.get('sourceURL'), redirectPath: params.get('redirectPath') };
    void model.ssoLoginFx(query).then(
      (result) => {
        if (result.ok) {
          // '~' leaves the router base: the redirect is already a full path under it.
          navigate(`~${result.value.redirect}`, { replace: true });
        } else {
          navigate(withoutSid(search), { replace: true });
          setFailure(result.error);
        }
      },
      () => undefined,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
