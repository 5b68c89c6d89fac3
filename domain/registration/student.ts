import { SEX_FEMALE, SEX_MALE } from './messages';
import type { DescribeParts } from './types';

export const DESCRIBE_SEPARATOR = ' / ';

/**
 * Splits "organisation / major / class". Missing trailing parts are empty. With more than
 * three parts the extra ones stay with the organisation, the part most likely to be a path
 * of its own (school / college / department).
 */
export function parseDescribe(describe: unknown): DescribeParts {
  const parts = typeof describe === 'string' && describe.trim() !== '' ? describe.split(DESCRIBE_SEPARATOR) : [];
  const organisationParts = parts.length > 3 ? parts.length - 2 : 1;
  return {
    organisation: parts.slice(0, organisationParts).join(DESCRIBE_SEPARATOR).trim(),
    major: (parts[organisationParts] ?? '').trim(),
    className: (parts[organisationParts + 1] ?? '').trim(),
  };
}

/** 1 is 男, anything else 女 (as the spec says). */
export const sexLabel = (sex: unknown): string => (sex === 1 || sex === '1' ? SEX_MALE : SEX_FEMALE);
