import { num, optNum, list, optText, z } from '../zod';

/**
 * Answers of the identity and session calls. Objects are loose: fields the spec does
 * not name pass through untouched; a missing named field fails the parse (an ApiError
 * 'malformed'), so a screen never meets a half-formed session.
 */

const text = z.string();

/** Data of the school lookup. ProjectType is 1 for the web build; servers send it as number or text. */
export const SchoolInfoDataSchema = z.looseObject({
  name: optText,
  code: optText,
  SchoolCode: optText,
  SaasAddress: optText,
  ProjectType: z.nullish(z.union([num, z.string()])),
});

/** `Result` is only ever tested for truthiness (CONTRACT.md), so any value is kept as sent. */
export const SchoolInfoSchema = z.looseObject({
  Result: z.unknown(),
  Data: z.nullish(SchoolInfoDataSchema),
  Msg: optText,
});

/** mobile-login / sid-login: at least the token pair (CONTRACT.md "Session"). */
export const LoginSessionSchema = z.looseObject({
  encryptedAccessToken: text.check(z.minLength(1)),
  refreshToken: text.check(z.minLength(1)),
  expireInSeconds: optNum,
  userId: optText,
});

export const UserSettingSchema = z.looseObject({
  disableNotificationVibration: z.optional(z.boolean()),
});

/** user-info/info. The spec names id, userImage and userType; name is on every screen that greets the user. */
export const CurrentUserSchema = z.looseObject({
  id: text,
  name: text,
  userType: num,
  number: optText,
  sex: optNum,
  describe: optText,
  profileSummary: optText,
  userImage: optText,
  photoUrl: optText,
  qrCode: optText,
  phoneNum: optText,
  encrypPhoneNum: optText,
  email: optText,
  encrypEmail: optText,
  joinedDate: optText,
  setting: z.nullish(UserSettingSchema),
  tenantId: optText,
});

export const CampusSchema = z.looseObject({
  id: text,
  name: text,
  typeName: optText,
});

export const CampusListSchema = list(CampusSchema);
