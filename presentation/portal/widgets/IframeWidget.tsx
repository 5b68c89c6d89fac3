import { IFRAME_DEFAULT_HEIGHT } from '../../../domain/portal/portal';
import { SandboxedFrame } from '../../shared/SandboxedFrame';
import { WIDGET_FRAME_TITLE } from '../strings';

/**
 * A widget this client does not know: its url in a sandboxed frame, 200px high (SPEC
 * point 9). The domain has checked the address (http/https only); the frame rule
 * keeps a widget page from reaching the app, whichever host serves it.
 */
export function IframeWidget({ url, code }: { url: string; code: string }) {
  return (
    <section className="cw-widget cw-widget--frame" aria-label={code}>
      <SandboxedFrame className="cw-widget__frame" title={`${WIDGET_FRAME_TITLE} ${code}`} src={url} style={{ height: IFRAME_DEFAULT_HEIGHT }} />
    </section>
  );
}
