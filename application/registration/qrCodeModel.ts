/**
 * page/student/qrcode's model (SPEC point 2, point 9): the text of the student's code
 * (the query's idCard, else the user's qrCode), checked by the domain's rule, then
 * drawn; the renderer's own words for an empty or too long text. The drawing itself
 * (a library loaded with this page only) is handed in by the page.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { QR_NO_INPUT, QR_TOO_BIG } from '../../domain/registration/messages';
import { validateQrInput } from '../../domain/registration/qr';
import { defineScreen } from '../shared/screens';
import { qrCodeText } from './useCases';

/** Draws `text` as a QR code and answers the image's address. */
export type QrRender = (text: string) => Promise<string>;

export type QrCodeState = { readonly status: 'rendering' } | { readonly status: 'done'; readonly url: string } | { readonly status: 'error'; readonly message: string };

/** The renderer's own wording for its two errors; anything else it throws is shown as it is. */
const rendererMessage = (e: unknown): string => {
  const message = e instanceof Error ? e.message : String(e);
  if (/no input text/i.test(message)) return QR_NO_INPUT;
  if (/too big/i.test(message)) return QR_TOO_BIG;
  return message;
};

export interface QrCodeParams {
  /** The query's idCard (null when absent). */
  readonly idCard: string | null;
  /** The signed-in user's own qrCode. */
  readonly userQrCode: unknown;
  readonly render: QrRender;
}

export function createQrCodeModel(p: QrCodeParams) {
  const text = qrCodeText(p.idCard, p.userQrCode);
  const opened = createEvent();

  const renderFx = createEffect(async (): Promise<QrCodeState> => {
    const input = validateQrInput(text);
    if (!input.ok) return { status: 'error', message: input.error };
    try {
      return { status: 'done', url: await p.render(input.value) };
    } catch (e) {
      return { status: 'error', message: rendererMessage(e) };
    }
  });
  const $state = createStore<QrCodeState>({ status: 'rendering' }, { serialize: 'ignore' }).on(renderFx.doneData, (_, state) => state);
  sample({ clock: opened, target: renderFx });

  return { $state, opened };
}

export type QrCodeModel = ReturnType<typeof createQrCodeModel>;

export const qrCodeScreen = defineScreen({
  name: 'registrationQrCode',
  lifetime: 'screen',
  key: (p: QrCodeParams) => qrCodeText(p.idCard, p.userQrCode),
  create: (_, p) => createQrCodeModel(p),
});
