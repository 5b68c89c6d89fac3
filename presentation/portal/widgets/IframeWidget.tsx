import { IFRAME_DEFAULT_HEIGHT } from '../../../domain/portal/portal';
import { WIDGET_FRAME_TITLE } from '../strings';

/**
 * A widget this client does not know: its url in a sandboxed frame, 200px high (SPEC
 * point 9). The domain has checked the address (http/https only). No same-origin
 * permission: a widget page served from the app's own host must not reach the app.
 */
export function IframeWidget({ url, code }: { url: string; code: string }) {
  return (
    <section className="cw-widget cw-widget--frame" aria-label={code}>
      <iframe
        className="cw-widget__frame"
        title={`${WIDGET_FRAME_TITLE} ${code}`}
        src={url}
        sandbox="allow-scripts allow-forms allow-popups"
        referrerPolicy="no-referrer"
        style={{ height: IFRAME_DEFAULT_HEIGHT }}
      />
    </section>
  );
}
