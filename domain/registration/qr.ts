import { err, ok, type Result } from '../shared/result';
import { QR_NO_INPUT, QR_TOO_BIG } from './messages';

/** Rendered at 380 px and shown at 190 px, so it stays sharp on 2x screens. */
export const QR_IMAGE_WIDTH = 380;
export const QR_DISPLAY_SIZE = 190;
/**
 * The most a QR code holds in byte mode (version 40) at error correction level L.
 * The renderer may pick a higher level, so this is the upper bound, not a promise.
 */
export const QR_MAX_BYTES = 2953;

/** UTF-8 length; a lone surrogate counts as the 3-byte replacement character an encoder would write. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code < 0x10000) bytes += 3;
    else bytes += 4;
  }
  return bytes;
}

/** The text to encode, or the renderer's own error. */
export function validateQrInput(text: unknown): Result<string, string> {
  if (typeof text !== 'string' || text === '') return err(QR_NO_INPUT);
  return utf8ByteLength(text) > QR_MAX_BYTES ? err(QR_TOO_BIG) : ok(text);
}
