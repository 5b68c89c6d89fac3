/**
 * The signature sheet (SPEC point 2 "Signature sheet", points 4 and 9). signature_pad
 * draws smooth strokes at the screen's pixel ratio; this module is loaded lazily, only
 * when a signing step is confirmed.
 */
import { Button, Popup } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { canConfirmSignature, SIGNATURE_CLEAR, SIGNATURE_DONE, SIGNATURE_HINT, SIGNATURE_IMAGE_TYPE } from '../../domain/approval';
import { SIGN_CONFIRM, SIGN_FULLSCREEN, SIGN_TITLE } from './strings';

export interface SignatureSheetProps {
  readonly visible: boolean;
  readonly busy?: boolean;
  readonly onClose: () => void;
  /** The drawn signature as a PNG. */
  readonly onConfirm: (png: Blob) => void;
}

const PEN = { penColor: '#1f2329', minWidth: 1.2, maxWidth: 3.2, backgroundColor: 'rgba(0,0,0,0)' } as const;

/** Sizes the canvas to its box at the device pixel ratio (signature_pad's advice) and returns the ratio. */
function fitCanvas(canvas: HTMLCanvasElement): number {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  canvas.width = Math.max(1, Math.floor(canvas.offsetWidth * ratio));
  canvas.height = Math.max(1, Math.floor(canvas.offsetHeight * ratio));
  canvas.getContext('2d')?.scale(ratio, ratio);
  return ratio;
}

/** Pixels with any opacity, counted by the domain rule (more than 100 make a signature). */
function hasEnoughInk(canvas: HTMLCanvasElement): boolean {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx || canvas.width === 0 || canvas.height === 0) return false;
  return canConfirmSignature(ctx.getImageData(0, 0, canvas.width, canvas.height).data);
}

/** The full-screen drawing, turned back to read left to right (the phone was held sideways). */
function rotatedBack(source: HTMLCanvasElement): string {
  const out = document.createElement('canvas');
  out.width = source.height;
  out.height = source.width;
  const ctx = out.getContext('2d');
  if (!ctx) return source.toDataURL(SIGNATURE_IMAGE_TYPE);
  ctx.translate(0, out.height);
  ctx.rotate(-Math.PI / 2);
  ctx.drawImage(source, 0, 0);
  return out.toDataURL(SIGNATURE_IMAGE_TYPE);
}

function usePad(canvas: HTMLCanvasElement | null, onInk: (enough: boolean) => void) {
  const pad = useRef<SignaturePad | null>(null);
  useEffect(() => {
    if (!canvas) return;
    fitCanvas(canvas);
    const p = new SignaturePad(canvas, PEN);
    pad.current = p;
    const check = () => onInk(hasEnoughInk(canvas));
    p.addEventListener('endStroke', check);
    return () => {
      p.removeEventListener('endStroke', check);
      p.off();
      pad.current = null;
    };
  }, [canvas, onInk]);
  return pad;
}

/**
 * A bottom sheet with a canvas and the hint 请在此处签名, 清除签名, a full-screen
 * landscape mode closed with 完成, and a confirm button enabled only after more than
 * 100 drawn pixels. The result is a PNG.
 */
export default function SignatureSheet({ visible, busy, onClose, onConfirm }: SignatureSheetProps) {
  const [sheetCanvas, setSheetCanvas] = useState<HTMLCanvasElement | null>(null);
  const [fullCanvas, setFullCanvas] = useState<HTMLCanvasElement | null>(null);
  const [enough, setEnough] = useState(false);
  const [empty, setEmpty] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  const [fullEmpty, setFullEmpty] = useState(true);

  const onSheetInk = useCallback((e: boolean) => {
    setEnough(e);
    setEmpty(false);
  }, []);
  const onFullInk = useCallback(() => setFullEmpty(false), []);
  const sheetPad = usePad(visible ? sheetCanvas : null, onSheetInk);
  const fullPad = usePad(fullscreen ? fullCanvas : null, onFullInk);

  // A sheet opened again starts blank (its canvas is new).
  useEffect(() => {
    if (visible) return;
    setEnough(false);
    setEmpty(true);
    setFullscreen(false);
  }, [visible]);

  const clear = () => {
    sheetPad.current?.clear();
    setEnough(false);
    setEmpty(true);
  };

  const finishFullscreen = async () => {
    const pad = sheetPad.current;
    if (fullCanvas && pad && sheetCanvas && !fullPad.current?.isEmpty()) {
      await pad.fromDataURL(rotatedBack(fullCanvas), { width: sheetCanvas.offsetWidth, height: sheetCanvas.offsetHeight });
      setEmpty(false);
      setEnough(hasEnoughInk(sheetCanvas));
    }
    setFullscreen(false);
    setFullEmpty(true);
  };

  const confirm = () => {
    if (!sheetCanvas || !enough) return;
    sheetCanvas.toBlob((blob) => {
      if (blob) onConfirm(blob);
    }, SIGNATURE_IMAGE_TYPE);
  };

  return (
    <>
      <Popup visible={visible} onMaskClick={busy ? undefined : onClose} bodyClassName="cw-sign" destroyOnClose>
        <div role="dialog" aria-label={SIGN_TITLE} className="cw-sign__dialog">
          <header className="cw-sign__head">
            <h2 className="cw-sign__title">{SIGN_TITLE}</h2>
            <button type="button" className="cw-sign__link" onClick={() => setFullscreen(true)}>
              {SIGN_FULLSCREEN}
            </button>
          </header>
          <div className="cw-sign__pad">
            <canvas ref={setSheetCanvas} className="cw-sign__canvas" aria-label={SIGNATURE_HINT} />
            {empty ? (
              <span className="cw-sign__hint" aria-hidden="true">
                {SIGNATURE_HINT}
              </span>
            ) : null}
          </div>
          <footer className="cw-sign__foot">
            <Button shape="rounded" onClick={clear} disabled={busy}>
              {SIGNATURE_CLEAR}
            </Button>
            <Button shape="rounded" color="primary" disabled={!enough || busy} loading={busy} loadingText={SIGN_CONFIRM} onClick={confirm}>
              {SIGN_CONFIRM}
            </Button>
          </footer>
        </div>
      </Popup>
      {visible && fullscreen ? (
        <div className="cw-sign-full" role="dialog" aria-label={SIGN_FULLSCREEN}>
          <canvas ref={setFullCanvas} className="cw-sign-full__canvas" aria-label={SIGNATURE_HINT} />
          {fullEmpty ? (
            <span className="cw-sign-full__hint" aria-hidden="true">
              {SIGNATURE_HINT}
            </span>
          ) : null}
          <div className="cw-sign-full__bar">
            <Button
              size="small"
              shape="rounded"
              onClick={() => {
                fullPad.current?.clear();
                setFullEmpty(true);
              }}
            >
              {SIGNATURE_CLEAR}
            </Button>
            <Button size="small" shape="rounded" color="primary" onClick={() => void finishFullscreen()}>
              {SIGNATURE_DONE}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
