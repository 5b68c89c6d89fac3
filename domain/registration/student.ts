import { SEX_FEMALE, SEX_MALE } from './messages';
import type { DescribeParts } from './types';

export const DESCRIBE_SEPARATOR = ' / ';

/**
 * Splits "organisation / major / class". Missing parts are empty; extra parts stay with
 * the class, since an organisation path is the one most likely to carry its own slashes
 * and it is the first part the user reads.
 */
export function parseDescribe(describe: unknown): DescribeParts {
  const parts = typeof describe === 'string' && describe.trim() !== '' ? describe.split(DESCRIBE_SEPARATOR) : [];
  return {
    organisation: (parts[0] ?? '').trim(),
    major: (parts[1] ?? '').trim(),
    className: parts.slice(2).join(DESCRIBE_SEPARATOR).trim(),
  };
}

/** 1 is 男, anything else 女 (as the spec says). */
export const sexLabel = (sex: unknown): string => (sex === 1 || sex === '1' ? SEX_MALE : SEX_FEMALE);
