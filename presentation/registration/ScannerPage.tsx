import { Dialog, Input } from 'antd-mobile';
import { LeftOutline, PictureOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { scannerScreen } from '../../application/registration/scannerModel';
import { DIALOG_CANCEL, DIALOG_CONFIRM } from '../../domain/shared/messages';
import { useBack } from '../shared/navigation';
import { useScreenModel } from '../shared/screenModel';
import { BACK } from '../shared/strings';
import { ALBUM, CAMERA_STARTING, CAMERA_UNAVAILABLE, MANUAL_ENTRY, SCAN_HINT, SCANNER_TITLE } from './strings';
import './scanner.css';

type Scanner = { stop(): void; destroy(): void };

/**
 * The scanner page (SPEC point 2 "scanner", point 6), used outside the native shell:
 * the camera (qr-scanner, loaded with this page only) and a manual-entry modal titled
 * by the query's modalTitle, asking for modalContent. A result goes to the query's
 * redirect (an in-app path) with ?code=<text>; without one the page goes back. What a
 * result means is its model's (application/registration/scannerModel.ts); the camera
 * and the decoder live here, with the DOM.
 */
export function ScannerPage() {
  const search = useSearch();
  const model = useScreenModel(scannerScreen, search);
  const [camera, manual, text, done] = useUnit([model.$camera, model.$manualOpen, model.$manualText, model.$done]);
  const on = useUnit({
    cameraStarted: model.cameraStarted,
    cameraUnavailable: model.cameraUnavailable,
    codeRead: model.codeRead,
    imageUnreadable: model.imageUnreadable,
    manualOpened: model.manualOpened,
    manualClosed: model.manualClosed,
    manualTextChanged: model.manualTextChanged,
    manualConfirmed: model.manualConfirmed,
  });
  const back = useBack();
  const video = useRef<HTMLVideoElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const scanner = useRef<Scanner | null>(null);
  const { cameraStarted, cameraUnavailable, codeRead } = on;

  useEffect(() => {
    let live = true;
    const element = video.current;
    const start = async () => {
      if (!element || typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
      const { default: QrScanner } = await import('qr-scanner');
      if (!(await QrScanner.hasCamera())) throw new Error('no camera');
      if (!live) return;
      const instance = new QrScanner(element, (result) => codeRead(result.data), {
        returnDetailedScanResult: true,
        preferredCamera: 'environment',
        maxScansPerSecond: 8,
      });
      scanner.current = instance;
      await instance.start();
      if (live) cameraStarted();
    };
    start().catch((e: unknown) => {
      console.warn('[scanner] camera unavailable', e);
      if (live) cameraUnavailable();
    });
    return () => {
      live = false;
      scanner.current?.destroy();
      scanner.current = null;
    };
  }, [cameraStarted, cameraUnavailable, codeRead]);

  // A result was taken: the camera has nothing more to do.
  useEffect(() => {
    if (done) scanner.current?.stop();
  }, [done]);

  const scanImage = async (picked: File | undefined) => {
    if (!picked) return;
    try {
      const { default: QrScanner } = await import('qr-scanner');
      const result = await QrScanner.scanImage(picked, { returnDetailedScanResult: true });
      on.codeRead(result.data);
    } catch (e) {
      console.warn('[scanner] no code in image', e);
      on.imageUnreadable();
    } finally {
      if (file.current) file.current.value = '';
    }
  };

  const status = camera === 'starting' ? CAMERA_STARTING : camera === 'unavailable' ? CAMERA_UNAVAILABLE : SCAN_HINT;

  return (
    <div className={`cw-scan cw-scan--${camera}`}>
      <video ref={video} className="cw-scan__video" playsInline muted aria-hidden />
      <header className="cw-scan__bar">
        <button type="button" className="cw-icon-button cw-scan__back" aria-label={BACK} onClick={back}>
          <LeftOutline fontSize={22} />
        </button>
        <h1 className="cw-scan__title">{SCANNER_TITLE}</h1>
        <span className="cw-scan__spacer" />
      </header>
      <div className="cw-scan__stage">
        <div className="cw-scan__frame" aria-hidden>
          <i className="cw-scan__corner cw-scan__corner--tl" />
          <i className="cw-scan__corner cw-scan__corner--tr" />
          <i className="cw-scan__corner cw-scan__corner--bl" />
          <i className="cw-scan__corner cw-scan__corner--br" />
          {camera === 'scanning' ? <i className="cw-scan__line" /> : null}
        </div>
        <p className="cw-scan__hint" role="status">
          {status}
        </p>
      </div>
      <footer className="cw-scan__actions">
        <button type="button" className="cw-scan__action" onClick={() => on.manualOpened()}>
          <span className="cw-scan__action-icon" aria-hidden>
            <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round">
              <rect x="2.5" y="5.5" width="19" height="13" rx="2.5" />
              <path d="M6 9.5h.01M9.5 9.5h.01M13 9.5h.01M16.5 9.5h1.5M6 12.5h.01M9.5 12.5h.01M13 12.5h.01M16.5 12.5h.01M8 15.5h8" />
            </svg>
          </span>
          <span>{MANUAL_ENTRY}</span>
        </button>
        <button type="button" className="cw-scan__action" onClick={() => file.current?.click()}>
          <span className="cw-scan__action-icon" aria-hidden>
            <PictureOutline fontSize={24} />
          </span>
          <span>{ALBUM}</span>
        </button>
        <input
          ref={file}
          type="file"
          accept="image/*"
          className="cw-visually-hidden"
          aria-label={ALBUM}
          onChange={(e) => void scanImage(e.target.files?.[0])}
        />
      </footer>
      <Dialog
        visible={manual}
        title={model.title || MANUAL_ENTRY}
        content={
          <div className="cw-scan__manual">
            <Input
              aria-label={model.prompt}
              placeholder={model.prompt}
              value={text}
              onChange={(value) => on.manualTextChanged(value)}
              onEnterPress={() => on.manualConfirmed()}
              clearable
              autoFocus
              maxLength={100}
            />
          </div>
        }
        closeOnMaskClick
        // Out of the dark page, whose white text colour it would otherwise inherit.
        getContainer={() => document.body}
        onClose={() => on.manualClosed()}
        actions={[
          [
            { key: 'cancel', text: DIALOG_CANCEL, onClick: () => on.manualClosed() },
            { key: 'confirm', text: DIALOG_CONFIRM, bold: true, onClick: () => on.manualConfirmed() },
          ],
        ]}
      />
    </div>
  );
}
