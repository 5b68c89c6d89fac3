import { Button, DotLoading } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
// The cropper's own stylesheet as a file: by default it injects a <style> element, which
// the production Content-Security-Policy (style-src 'self', docs/deploy.md) refuses.
import 'react-easy-crop/react-easy-crop.css';
import { REUPLOAD } from '../../domain/account/messages';
import { AVATAR_CROP, cropWideEnough, initialAvatarCrop } from '../../domain/account/profile';
import { DIALOG_CONFIRM } from '../../domain/shared/messages';
import { CROP_TITLE, CROP_TOO_SMALL, IMAGE_LOAD_FAILED, UPLOADING } from './strings';

/** The cropped avatar is stored at most this wide: enough for every avatar size on screen at 3x. */
const OUTPUT_MAX = 512;


export interface AvatarCropperProps {
  file: Blob;
  busy: boolean;
  /** 重新上传: drop this image and pick another. */
  onReupload: () => void;
  /** The cropped square, as a named JPEG. */
  onConfirm: (image: File) => void;
}

type Source = { status: 'loading' } | { status: 'ready'; url: string; width: number; height: number } | { status: 'error' };

/** Draws the chosen square of the image onto a canvas and answers it as a JPEG file. */
async function cropToFile(url: string, area: Area): Promise<File> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const side = Math.min(OUTPUT_MAX, Math.round(area.width));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, side, side);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!blob) throw new Error('no image');
  return new File([blob], 'avatar.jpg', { type: 'image/jpeg' });
}

/**
 * The avatar crop (SPEC point 5, point 9): 1:1, starting at 90% of the width, never
 * narrower than 100 image pixels; 确定 uploads, 重新上传 picks another image. Loaded
 * with the profile edit only when an image is chosen; the upload is the page model's.
 */
export function AvatarCropper({ file, busy, onReupload, onConfirm }: AvatarCropperProps) {
  const [source, setSource] = useState<Source>({ status: 'loading' });
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [cropping, setCropping] = useState(false);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => setSource({ status: 'ready', url, width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => setSource({ status: 'error' });
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const initial = useMemo(() => {
    if (source.status !== 'ready') return undefined;
    const percent = initialAvatarCrop(source.width, source.height);
    return percent ? { x: percent.x, y: percent.y, width: percent.width, height: percent.height } : undefined;
  }, [source]);

  // Zooming in shrinks the crop; it stops where the crop is 100 image pixels wide.
  const maxZoom = source.status === 'ready' ? Math.max(1, Math.min(source.width, source.height) / AVATAR_CROP.minWidth) : 1;
  const wideEnough = area !== null && cropWideEnough(area.width);

  const confirm = async () => {
    if (source.status !== 'ready' || area === null || !wideEnough || busy || cropping) return;
    setCropping(true);
    try {
      onConfirm(await cropToFile(source.url, area));
    } catch (e) {
      console.warn('[account] crop failed', e);
    } finally {
      setCropping(false);
    }
  };

  return (
    <div className="cw-crop" role="dialog" aria-modal="true" aria-label={CROP_TITLE}>
      <header className="cw-crop__bar">
        <h2>{CROP_TITLE}</h2>
      </header>
      <div className="cw-crop__stage">
        {source.status === 'ready' ? (
          <Cropper
            image={source.url}
            crop={crop}
            zoom={zoom}
            minZoom={1}
            maxZoom={maxZoom}
            aspect={AVATAR_CROP.aspect}
            objectFit="contain"
            showGrid
            initialCroppedAreaPercentages={initial}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            disableAutomaticStylesInjection
          />
        ) : source.status === 'error' ? (
          <p className="cw-crop__message">{IMAGE_LOAD_FAILED}</p>
        ) : (
          <DotLoading color="white" />
        )}
      </div>
      {source.status === 'ready' && area !== null && !wideEnough ? <p className="cw-crop__warn">{CROP_TOO_SMALL}</p> : null}
      {busy ? (
        <p className="cw-crop__warn" role="status">
          {UPLOADING}
        </p>
      ) : null}
      <footer className="cw-crop__actions">
        <Button fill="outline" shape="rounded" className="cw-crop__reupload" disabled={busy} onClick={onReupload}>
          {REUPLOAD}
        </Button>
        <Button
          color="primary"
          shape="rounded"
          className="cw-crop__confirm"
          loading={busy || cropping}
          disabled={!wideEnough || busy || cropping}
          onClick={() => void confirm()}
        >
          {DIALOG_CONFIRM}
        </Button>
      </footer>
    </div>
  );
}
