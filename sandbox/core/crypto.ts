import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** The login hash of the contract: lowercase hex MD5 of the trimmed input. */
export function passwordHash(plain: string): string {
  return createHash('md5').update(plain.trim(), 'utf8').digest('hex');
}

export function md5Hex(data: Buffer | string): string {
  return createHash('md5').update(data).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function randomDigits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(randomInt(0, 10));
  return s;
}

// A fixed key is fine: the sandbox only needs the masked/encrypted/decrypted round trip
// to behave like the real service, not to protect anything.
const KEY = createHash('sha256').update('campus-workbench-sandbox').digest();
const IV = Buffer.alloc(16, 7);

/** Deterministic, so a seed always yields the same encrypted values. */
export function encryptValue(plain: string): string {
  const c = createCipheriv('aes-256-cbc', KEY, IV);
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
}

export function decryptValue(value: string): string | null {
  try {
    const buf = Buffer.from(value, 'base64');
    if (buf.length === 0 || buf.length % 16 !== 0) return null;
    const d = createDecipheriv('aes-256-cbc', KEY, IV);
    return Buffer.concat([d.update(buf), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function sign(data: string): string {
  return createHmac('sha256', KEY).update(data).digest('base64url').slice(0, 32);
}

export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  if (at <= 0) return '****';
  const name = email.slice(0, at);
  const shown = name.length <= 2 ? name.slice(0, 1) : name.slice(0, 2);
  return `${shown}****${email.slice(at)}`;
}

/** A valid 18-digit Chinese ID number (GB 11643 check digit) from its first 17 digits. */
export function idCardWithCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const codes = '10X98765432';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * weights[i]!;
  return first17 + codes[sum % 11];
}
