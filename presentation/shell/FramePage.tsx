import { DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { frameSandbox } from '../../application/shell/useCases';
import { ErrorState } from '../shared/ErrorState';
import { INVALID_ADDRESS, INVALID_ADDRESS_HINT } from './strings';

/**
 * A sandboxed frame filling the page under the back bar; an address that is not http
 * or https never reaches the frame.
 */
export function FramePage({ uri, title }: { uri: string | null; title: string }) {
  const [loaded, setLoaded] = useState(false);
  if (uri === null) return <ErrorState title={INVALID_ADDRESS} description={INVALID_ADDRESS_HINT} />;
  return (
    <div className="cw-frame">
      {loaded ? null : (
        <div className="cw-frame__loading" role="status">
          <DotLoading color="primary" />
        </div>
      )}
      <iframe
        className="cw-frame__frame"
        src={uri}
        title={title || uri}
        sandbox={frameSandbox(uri, window.location.origin)}
        referrerPolicy="no-referrer"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}
