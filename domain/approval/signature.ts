/** More than this many drawn pixels make a signature (SPEC point 9). */
export const SIGNATURE_MIN_PIXELS = 100;
export const SIGNATURE_IMAGE_TYPE = 'image/png';

const ALPHA_OFFSET = 3;
const CHANNELS = 4;

/**
 * Pixels with any opacity in RGBA data (canvas getImageData order). A trailing
 * partial pixel is ignored; counting stops early once `stopAfter` is passed.
 */
export const countDrawnPixels = (
  rgba: ArrayLike<number> | null | undefined,
  stopAfter: number = Number.POSITIVE_INFINITY,
): number => {
  if (!rgba || typeof rgba.length !== 'number' || !Number.isFinite(rgba.length)) return 0;
  let count = 0;
  for (let i = ALPHA_OFFSET; i < rgba.length && count <= stopAfter; i += CHANNELS) {
    const alpha = rgba[i];
    if (typeof alpha === 'number' && alpha > 0) count += 1;
  }
  return count;
};

export const canConfirmSignature = (rgba: ArrayLike<number> | null | undefined): boolean =>
  countDrawnPixels(rgba, SIGNATURE_MIN_PIXELS) > SIGNATURE_MIN_PIXELS;
