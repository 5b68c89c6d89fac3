import type { Message } from '../shared/result';
import { parseUserType } from '../session/session';
import { USER_TYPE } from '../session/types';
import { BIO_TOO_LONG, DEFAULT_BIO } from './messages';

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

/** Profile pages by user type; enterprise users have none. Labels and codes live in the session context. */
const PROFILE_ROUTES: Readonly<Partial<Record<number, string>>> = Object.freeze({
  [USER_TYPE.STAFF]: '/teacher',
  [USER_TYPE.STUDENT]: '/student',
  [USER_TYPE.PARENT]: '/parent',
  [USER_TYPE.OTHER]: '/other',
});

/** Where the card's edit button goes, or null when there is no profile page (type 4 or unknown). */
export const profileRouteFor = (userType: unknown): string | null => {
  const type = parseUserType(userType);
  return type === null ? null : (PROFILE_ROUTES[type] ?? null);
};

export const canEditProfile = (userType: unknown): boolean => profileRouteFor(userType) !== null;

/** Only parents see and manage bound students. */
export const canSeeBoundStudents = (userType: unknown): boolean => parseUserType(userType) === USER_TYPE.PARENT;

/**
 * Image addresses are stored without "http:" / "https:", leaving a protocol-relative
 * "//host/path" that loads over whatever protocol the page uses.
 */
export const stripProtocolPrefix = (url: string | null | undefined): string =>
  typeof url === 'string' ? url.replace(/^\s*https?:(?=\/\/)/i, '') : '';

export const AVATAR_CROP = Object.freeze({
  aspect: 1,
  defaultWidthPercent: 90,
  minWidth: 100,
});

/** The crop can be confirmed when its width in image pixels reaches the minimum (100, rounded). */
export const cropWideEnough = (widthInPixels: number): boolean =>
  Number.isFinite(widthInPixels) && Math.round(widthInPixels) >= AVATAR_CROP.minWidth;

export interface PercentCrop {
  unit: '%';
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The initial square crop, centred: 90% of the width, or 90% of the height when the image
 * is too flat for that. Percentages are of each axis, so a square in pixels is not square
 * in percent.
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
