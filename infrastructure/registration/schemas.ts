import { num, optNum, idText, optText, z } from '../zod';

/** Answers of the registration calls; loose objects, see infrastructure/session/schemas.ts. */

export const MatterSchema = z.looseObject({
  id: idText,
  name: z.string(),
  iconImage: optText,
  matterDescribe: optText,
  isMustDoIt: optNum,
  isMatterHand: optNum,
  content: optText,
  type: optNum,
  msg: optText,
  handName: optText,
  doneTime: optText,
  subMatters: optText,
  fillSubMatters: optText,
  subBeType: optText,
  fillSubBeType: optText,
  subBeRemark: optNum,
  fillSubBeRemark: optText,
});

export const RegistrationStudentSchema = z.looseObject({
  id: idText,
  name: z.string(),
  number: optText,
  sex: optNum,
  describe: optText,
  idCard: optText,
  userImage: optText,
  phoneNum: optText,
});

/**
 * stumatter-by-num answers nowMatter, own-matter answers nextMatter; both optional (none
 * left, outside the period). `userView` is known to vary (see RegistrationStudent in
 * application/registration/ports.ts): a number stays, a student object moves to `student`.
 */
export const MatterResponseSchema = z.pipe(
  z.looseObject({
    nowMatter: z.nullish(MatterSchema),
    nextMatter: z.nullish(MatterSchema),
    matterHands: z.nullish(z.array(MatterSchema)),
    isHandData: optNum,
    userView: z.nullish(z.union([num, RegistrationStudentSchema])),
  }),
  z.transform(({ userView, ...rest }) =>
    typeof userView === 'object' && userView !== null
      ? { ...rest, userView: null, student: userView }
      : { ...rest, userView: userView ?? null, student: null },
  ),
);
