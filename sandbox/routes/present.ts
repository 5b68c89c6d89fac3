import { encryptValue, maskEmail, maskPhone } from '../core/crypto';
import type { App, Db, Matter, StoredFile, Todo, UserRecord } from '../core/db';
import { FILES_DOMAIN, fileUrl } from '../core/paths';
import { parseLocal } from '../core/time';

/** Wire shapes: one function per entity, so every route answers the same fields. */

export function userInfo(u: UserRecord): Record<string, unknown> {
  return {
    id: u.id,
    account: u.account,
    tenantId: u.tenantId,
    name: u.name,
    number: u.number,
    sex: u.sex,
    describe: u.describe,
    userType: u.userType,
    profileSummary: u.profileSummary,
    userImage: u.userImage,
    photoUrl: u.photoUrl,
    qrCode: u.qrCode,
    phoneNum: maskPhone(u.phone),
    encrypPhoneNum: u.phone ? encryptValue(u.phone) : '',
    email: maskEmail(u.email),
    encrypEmail: u.email ? encryptValue(u.email) : '',
    joinedDate: u.joinedDate,
    setting: { disableNotificationVibration: u.setting.disableNotificationVibration },
  };
}

export function app(a: App): App {
  return { id: a.id, name: a.name, iconUrl: a.iconUrl, iconName: a.iconName, iconImage: a.iconImage, content: a.content, code: a.code, useAppType: a.useAppType };
}

export function isTimeout(t: Todo, nowMs: number): boolean {
  if (!t.endTime) return false;
  const end = parseLocal(t.endTime)?.getTime();
  if (end === undefined) return false;
  const done = t.todoTime ? parseLocal(t.todoTime)?.getTime() : undefined;
  return (done ?? nowMs) > end;
}

export function todoItem(db: Db, t: Todo, nowMs: number): Record<string, unknown> {
  const executor = db.users.find((u) => u.id === t.executorId);
  const creator = db.users.find((u) => u.id === t.creatorId);
  const timeout = isTimeout(t, nowMs);
  const category = db.todoCategories.find((c) => c.type === t.type);
  return {
    id: t.id,
    name: t.name,
    matterDescribe: t.matterDescribe,
    endTime: t.endTime,
    creationTime: t.creationTime,
    lastModificationTime: t.lastModificationTime,
    todoTime: t.todoTime,
    // When the item went overdue (its deadline), null while within time.
    overTime: timeout ? t.endTime : null,
    isTimeout: timeout,
    executeName: executor?.name ?? '',
    executorId: t.executorId,
    creatorId: t.creatorId,
    creatorName: creator?.name ?? '系统',
    type: t.type,
    typeName: category?.name ?? '',
    categoryType: t.type,
    categoryName: category?.name ?? '',
    data: t.data,
    isRemind: t.remindNum !== null,
    remindNum: t.remindNum,
    files: t.files.map((f) => ({ ...f })),
    isRead: t.isRead,
    noReadNum: t.isRead ? 0 : 1,
    state: t.todoTime === null ? 0 : 1,
  };
}

export function storedFile(f: StoredFile): Record<string, unknown> {
  return {
    url: fileUrl(f.path),
    fileName: f.name,
    size: f.size,
    userFileId: f.userFileId,
    domain: FILES_DOMAIN,
    path: f.path,
    name: f.name,
    suffix: f.extension,
    extension: f.extension,
    fileId: f.fileId,
  };
}

/** A matter as one student sees it: type 0 handle now, 1 blocked (msg), 2 nothing to handle, 3 done. */
export function matterFor(db: Db, m: Matter, studentId: string): Record<string, unknown> {
  const hand = db.matterHands.find((h) => h.studentId === studentId && h.matterId === m.id);
  let type = 0;
  let msg = '';
  if (hand) {
    type = 3;
  } else if (m.eligibleStudentIds && !m.eligibleStudentIds.includes(studentId)) {
    type = 2;
    msg = '您无需办理此事项';
  } else {
    const missing = m.requires.map((id) => db.matters.find((x) => x.id === id)).filter((x) => x && !db.matterHands.some((h) => h.studentId === studentId && h.matterId === x.id));
    if (missing.length > 0) {
      type = 1;
      msg = `请先完成「${missing.map((x) => x!.name).join('」「')}」`;
    }
  }
  return {
    id: m.id,
    name: m.name,
    iconImage: m.iconImage,
    matterDescribe: m.matterDescribe,
    isMustDoIt: m.isMustDoIt,
    isMatterHand: hand ? 1 : 0,
    content: m.content,
    type,
    msg,
    handName: hand?.handName ?? '',
    doneTime: hand?.doneTime ?? null,
    subMatters: m.subMatters,
    fillSubMatters: hand?.fillSubMatters ?? '',
    subBeType: m.subBeType,
    fillSubBeType: hand?.fillSubBeType ?? '',
    subBeRemark: m.subBeRemark,
    fillSubBeRemark: hand?.fillSubBeRemark ?? '',
  };
}
