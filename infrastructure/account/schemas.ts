import { num, list, idText, optText, z } from '../zod';
import type { SmsOutcome } from '../../application/account/ports';

/** Answers of the account calls; loose objects, see infrastructure/session/schemas.ts. */

export const BoundStudentSchema = z.looseObject({
  id: idText,
  name: z.string(),
  imagePath: optText,
});

export const BoundStudentListSchema = list(BoundStudentSchema);

export const PasswordPolicySchema = z.looseObject({
  digits: num,
  passwordSecurity: num,
});

/**
 * send-verify-code, send-verify-code-userphone and verify-code answer a message string
 * on failure and nothing (or anything that is not text) on success. Any body is
 * accepted; only non-blank text is a failure.
 */
export const SmsOutcomeSchema: z.ZodMiniType<SmsOutcome> = z.pipe(
  z.unknown(),
  z.transform((body): SmsOutcome =>
    typeof body === 'string' && body.trim() !== '' ? { ok: false, message: body.trim() } : { ok: true },
  ),
);

export const IsVerifySchema = z.looseObject({ verification: z.boolean() });

/** decrypt-data answers `{ data: [value] }` (CONTRACT.md named exception); the first value is the clear text. */
export const DecryptSchema = z.pipe(
  z.looseObject({ data: list(z.string()).check(z.minLength(1)) }),
  z.transform((d) => d.data[0] as string),
);

const FamilyMemberSchema = z.looseObject({
  id: idText,
  name: z.string(),
  relation: z.string(),
  phoneNum: optText,
  encrypPhoneNum: optText,
});

export const StudentBasicDataSchema = z.looseObject({
  phoneNum: optText,
  email: optText,
  enrollmentDate: optText,
  familys: list(FamilyMemberSchema),
});

export const TeacherBasicDataSchema = z.looseObject({
  phoneNum: optText,
  email: optText,
  position: optText,
  joinedDate: optText,
});

export const SecuritySettingsSchema = z.looseObject({
  passwordVerification: num,
  verification: z.boolean(),
});

/** check-password (decided): `{ result: boolean }`, false meaning 密码错误. */
export const CheckPasswordSchema = z.pipe(
  z.looseObject({ result: z.boolean() }),
  z.transform((d) => d.result),
);
