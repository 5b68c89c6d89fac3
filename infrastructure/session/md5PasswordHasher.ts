import SparkMD5 from 'spark-md5';
import type { PasswordHasher } from '../../application/ports/passwordHasher';

/**
 * Lowercase hex MD5 of the trimmed input, over its UTF-8 bytes.
 *
 * Why not `SparkMD5.hash(str)`: it converts with `unescape(encodeURIComponent(str))`,
 * which throws URIError on a lone surrogate. TextEncoder never throws (a lone surrogate
 * becomes U+FFFD, as Node's and the server's UTF-8 encoders do), so the hash is total
 * and equals `createHash('md5').update(s, 'utf8')` for every string.
 */
export class Md5PasswordHasher implements PasswordHasher {
  private readonly encoder = new TextEncoder();

  hash(plain: string): string {
    const bytes = this.encoder.encode(String(plain ?? '').trim());
    // Copy into a fresh ArrayBuffer: the encoder's view may sit inside a larger buffer.
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    return SparkMD5.ArrayBuffer.hash(buffer);
  }
}
