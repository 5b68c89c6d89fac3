import { DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { ErrorState } from '../shared/ErrorState';
import { SandboxedFrame } from '../shared/SandboxedFrame';
import { FOREIGN_PAGE_NOTE, INVALID_ADDRESS, INVALID_ADDRESS_HINT, OPEN_IN_BROWSER } from './strings';

const originOf = (uri: string): string | null => {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
};

/**
 * A sandboxed frame filling the page under the back bar; an address that is not http
 * or https never reaches the frame. A page of another site says so, with its address,
 * so it is never taken for the app's next screen, and offers to open it in the browser
 * (a new window: some sites refuse frames, or need their own sign-in).
 */
export function FramePage({ uri, title }: { uri: string | null; title: string }) {
  const [loaded, setLoaded] = useState(false);
  if (uri === null) return <ErrorState title={INVALID_ADDRESS} description={INVALID_ADDRESS_HINT} />;
  const foreign = originOf(uri) !== window.location.origin;
  return (
    <div className="cw-frame">
      {foreign ? (
        <div className="cw-frame__origin" role="note" aria-label={FOREIGN_PAGE_NOTE}>
          <span className="cw-frame__address">{uri}</span>
          <a className="cw-frame__open" href={uri} target="_blank" rel="noopener noreferrer">
            {OPEN_IN_BROWSER}
          </a>
        </div>
      ) : null}
      {loaded ? null : (
        <div className="cw-frame__loading" role="status">
          <DotLoading color="primary" />
        </div>
      )}
      <SandboxedFrame className="cw-frame__frame" src={uri} title={title || uri} onLoad={() => setLoaded(true)} />
    </div>
  );
}
