import type { Message } from '../shared/result';
import { BIO_TOO_LONG, DEFAULT_BIO, USER_TYPE_LABELS } from './messages';
import type { UserType } from './types';

export const BIO_MAX_LENGTH = 30;
export const BIO_ROWS = 2;

/** Characters as the counter shows them (code points), matching antd-mobile's TextArea count. */
export const characterCount = (text: string): number => Array.from(text).length;

export function validateBio(text: unknown): Message {
  if (typeof text !== 'string') return null;
  return characterCount(text) > BIO_MAX_LENGTH ? BIO_TOO_LONG : null;
}

/** The bio as shown on cards: 暂无简介 when absent or blank. */
export const displayBio = (profileSummary: string | null | undefined): string =>
  typeof profileSummary === 'string' && profileSummary.trim() !== '' ? profileSummary : DEFAULT_BIO;

export const USER_TYPE_STAFF = 1;
export const USER_TYPE_STUDENT = 2;
export const USER_TYPE_PARENT = 3;
export const USER_TYPE_ENTERPRISE = 4;
export const USER_TYPE_OTHER = 5;

const KNOWN_USER_TYPES: readonly UserType[] = [1, 2, 3, 4, 5];

const asKnownUserType = (value: unknown): 1 | 2 | 3 | 4 | 5 | null =>
  KNOWN_USER_TYPES.includes(value as UserType) ? (value as 1 | 2 | 3 | 4 | 5) : null;

export const userTypeLabel = (userType: unknown): string | null => {
  const known = asKnownUserType(userType);
  return known === null ? null : USER_TYPE_LABELS[known];
};

/** Server codes exist only for staff and students. */
const USER_TYPE_CODES: Readonly<Record<number, string>> = Object.freeze({ 1: 'xzjs', 2: 'xzxs' });

export const userTypeCode = (userType: unknown): string | null =>
  typeof userType === 'number' ? (USER_TYPE_CODES[userType] ?? null) : null;

const PROFILE_ROUTES: Readonly<Record<number, string>> = Object.freeze({
  1: '/teacher',
  2: '/student',
  3: '/parent',
  5: '/other',
});

/** Where the card's edit button goes; enterprise users (4) have no profile page. */
export const profileRouteFor = (userType: unknown): string | null =>
  typeof userType === 'number' ? (PROFILE_ROUTES[userType] ?? null) : null;

export const canEditProfile = (userType: unknown): boolean => profileRouteFor(userType) !== null;

/** Only parents see and manage bound students. */
export const canSeeBoundStudents = (userType: unknown): boolean => userType === USER_TYPE_PARENT;

/**
 * Image addresses are stored without "http:" / "https:", leaving a protocol-relative
 * "//host/path" that loads over whatever protocol the page uses.
 */
export const stripProtocolPrefix = (url: string | null | undefined): string =>
  typeof url === 'string' ? url.replace(/^\s*https?:(?=\/\/)/i, '') : '';

/** What a card shows in place of a missing image: the last two characters of the name. */
export const avatarFallbackText = (name: string | null | undefined): string =>
  typeof name === 'string' ? Array.from(name.trim()).slice(-2).join('') : '';

export const AVATAR_CROP = Object.freeze({
  aspect: 1,
  defaultWidthPercent: 90,
  minWidth: 100,
});

export interface PercentCrop {
  unit: '%';
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The initial square crop, centred: 90% of the width, shrunk to fit a landscape image's
 * height. Percentages are of each axis, so a square in pixels is not square in percent.
 */
export function initialAvatarCrop(imageWidth: number, imageHeight: number): PercentCrop | null {
  if (!(imageWidth > 0) || !(imageHeight > 0) || !Number.isFinite(imageWidth) || !Number.isFinite(imageHeight)) {
    return null;
  }
  let width = AVATAR_CROP.defaultWidthPercent;
  let height = (width * imageWidth) / imageHeight;
  if (height > AVATAR_CROP.defaultWidthPercent) {
    height = AVATAR_CROP.defaultWidthPercent;
    width = (height * imageHeight) / imageWidth;
  }
  return { unit: '%', x: (100 - width) / 2, y: (100 - height) / 2, width, height };
}
