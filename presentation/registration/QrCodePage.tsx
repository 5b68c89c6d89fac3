import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useSearch } from 'wouter';
import { qrCodeScreen, type QrRender } from '../../application/registration/qrCodeModel';
import { QR_DISPLAY_SIZE, QR_IMAGE_WIDTH } from '../../domain/registration/qr';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { UserAvatar } from '../shared/UserAvatar';
import { QR_ALT, QR_PAGE_HINT } from './strings';
import './registration.css';

/** The QR library loads with this page only; rendered twice the shown size so it stays sharp. */
const renderQr: QrRender = (text) =>
  import('qrcode').then((QRCode) => QRCode.toDataURL(text, { width: QR_IMAGE_WIDTH, margin: 1, errorCorrectionLevel: 'M' }));

/**
 * page/student/qrcode?idCard (SPEC point 2, point 9): the student's QR code, rendered
 * 380 px wide and shown at 190 px so it stays sharp; the renderer's errors for an empty
 * or too long text. What it shows is its model's (application/registration/qrCodeModel.ts).
 */
export function QrCodePage() {
  const user = useCurrentUser();
  const idCard = new URLSearchParams(useSearch()).get('idCard');
  const model = useScreenModel(qrCodeScreen, { idCard, userQrCode: user?.qrCode, render: renderQr });
  const [render] = useUnit([model.$state]);


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
