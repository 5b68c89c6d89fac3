import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { qrCodeText } from '../../application/registration/useCases';
import { QR_NO_INPUT, QR_TOO_BIG } from '../../domain/registration/messages';
import { QR_DISPLAY_SIZE, QR_IMAGE_WIDTH, validateQrInput } from '../../domain/registration/qr';
import { useCurrentUser } from '../shared/session';
import { UserAvatar } from '../shared/UserAvatar';
import { QR_ALT, QR_PAGE_HINT } from './strings';
import './registration.css';

type Render = { status: 'rendering' } | { status: 'done'; url: string } | { status: 'error'; message: string };

/** The renderer's own wording for its two errors; anything else it throws is shown as it is. */
const rendererMessage = (e: unknown): string => {
  const message = e instanceof Error ? e.message : String(e);
  if (/no input text/i.test(message)) return QR_NO_INPUT;
  if (/too big/i.test(message)) return QR_TOO_BIG;
  return message;
};

/**
 * page/student/qrcode?idCard (SPEC point 2, point 9): the student's QR code, rendered
 * 380 px wide and shown at 190 px so it stays sharp; the renderer's errors for an empty
 * or too long text. The QR library loads with this page only.
 */
export function QrCodePage() {
  const user = useCurrentUser();
  const idCard = new URLSearchParams(useSearch()).get('idCard');
  const text = qrCodeText(idCard, user?.qrCode);
  const [render, setRender] = useState<Render>({ status: 'rendering' });

  useEffect(() => {
    let live = true;
    const input = validateQrInput(text);
    if (!input.ok) {
      setRender({ status: 'error', message: input.error });
      return;
    }
    setRender({ status: 'rendering' });
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(input.value, { width: QR_IMAGE_WIDTH, margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (url) => live && setRender({ status: 'done', url }),
        (e: unknown) => live && setRender({ status: 'error', message: rendererMessage(e) }),
      );
    return () => {
      live = false;
    };
  }, [text]);

  return (
    <div className="cw-reg cw-reg-qr">
      <section className="cw-reg-qr__card" aria-label={QR_ALT}>
        <div className="cw-reg-qr__who">
          <UserAvatar name={user?.name} image={user?.userImage} size={48} />
          <div>
            <h2>{user?.name ?? ''}</h2>
            {user?.number ? <p>{user.number}</p> : null}
          </div>
        </div>
        <div className="cw-reg-qr__code" style={{ minHeight: QR_DISPLAY_SIZE }}>
          {render.status === 'done' ? (
            <img src={render.url} width={QR_DISPLAY_SIZE} height={QR_DISPLAY_SIZE} alt={QR_ALT} className="cw-reg-qr__img" />
          ) : render.status === 'error' ? (
            <ErrorBlock status="default" className="cw-reg-qr__error" title={render.message} description="" />
          ) : (
            <DotLoading color="primary" />
          )}
        </div>
        {render.status === 'done' ? <p className="cw-reg-qr__hint">{QR_PAGE_HINT}</p> : null}
      </section>
    </div>
  );
}
