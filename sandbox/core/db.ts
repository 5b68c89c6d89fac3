import type { SandboxUser } from '../module';
import type { WorkflowState } from '../workflow';

/**
 * The sandbox's whole state. It is plain JSON (persisted as one file), so every
 * field is data: no class instances, no Dates (times are wire strings or epoch ms).
 */

export interface SchoolRecord {
  name: string;
  code: string;
  SchoolCode: string;
  SaasAddress?: string;
  ProjectType: number;
  tenantId: string;
}

export interface PasswordPolicy {
  digits: number;
  passwordSecurity: number;
}

export interface Campus {
  id: string;
  name: string;
  typeName: string;
}

export interface FamilyMember {
  id: string;
  name: string;
  relation: string;
  phone: string;
}

export type Role = 'registrationVerifier' | 'approver' | 'headOfDepartment' | 'principal';

export interface UserRecord extends SandboxUser {
  passwordHash: string;
  number: string;
  sex: 1 | 2;
  /** Students: 'organisation / major / class'; staff: the organisation. */
  describe: string;
  profileSummary: string;
  userImage: string;
  photoUrl: string;
  qrCode: string;
  phone: string | null;
  email: string | null;
  joinedDate: string | null;
  idCard: string | null;
  position: string | null;
  enrollmentDate: string | null;
  familys: FamilyMember[];
  setting: { disableNotificationVibration: boolean };
  security: { passwordVerification: 0 | 1; verification: boolean };
  campusIds: string[];
  roles: Role[];
  /** Students: their registration batch. */
  batchId: string | null;
}

/** Students a parent can bind: login students plus roster-only ones. */
export interface RosterStudent {
  id: string;
  name: string;
  idCard: string;
  campusId: string;
  imagePath: string;
  userId: string | null;
}

export interface Binding {
  parentId: string;
  studentId: string;
  relation: number;
  campusId: string;
  creationTime: string;
}

export interface MessageTab {
  /** The EventId of by-eventid. */
  id: string;
  name: string;
}

export interface MessageGroup {
  id: string;
  name: string;
  tabs: MessageTab[];
}

export interface Notice {
  id: string;
  userId: string;
  eventId: string;
  title: string;
  context: string;
  realitySendTime: string;
  linkUrl: string;
  /** JSON string: { module, id, type, tab, campus, downloadPath, name }. */
  data: string;
  isRead: boolean;
  sortKey: number;
}

export interface CarouselImage {
  id: string;
  imageAddress: string;
  imageName: string;
  jumpAddress: string;
  type: number;
}

export interface PortalWidget {
  code: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PortalConfig {
  v: string;
  platform: string;
  widgets: PortalWidget[];
}

export interface WidgetInfo {
  id: string;
  code: string;
  state: number;
  url: string;
}

export interface App {
  id: string;
  name: string;
  iconUrl: string;
  iconName: string;
  iconImage: string;
  content: string;
  code: string;
  useAppType: number;
}

export interface AppGroupDef {
  id: string;
  name: string;
  userTypes: number[];
  appIds: string[];
}

export interface MenuItem {
  id: string;
  name: string;
  path: string;
  userTypes: number[];
}

export interface TodoFile {
  id: string;
  name: string;
  size: number;
  url: string;
  objectName: string;
}

export interface Todo {
  id: string;
  name: string;
  matterDescribe: string;
  endTime: string | null;
  creationTime: string;
  lastModificationTime: string;
  /** Completion time; null while open. */
  todoTime: string | null;
  creatorId: string;
  executorId: string;
  /** Category type: 0 is a personal to-do, nonzero is system-made (approval). */
  type: number;
  /** JSON string for system-made items: { id, type, tab, campus }. */
  data: string;
  remindNum: number | null;
  remindedAt: string | null;
  files: TodoFile[];
  isRead: boolean;
}

export interface TodoCategory {
  type: number;
  name: string;
}

export interface StoredObject {
  key: string;
  contentType: string;
  size: number;
  /** MD5 the client declared (may be a partial-file hash); dedupe keys on it with size. */
  declaredMd5: string;
  md5: string;
  /** Base64 of the bytes. */
  data: string;
  uploadedAt: string;
}

export interface PendingUpload {
  fileId: string;
  objectKey: string;
  size: number;
  fileMd5: string;
  contentType: string;
  sig: string;
  userId: string;
  /** Set once the bytes arrived (or for a dedupe hit). */
  done: boolean;
}

export interface StoredFile {
  userFileId: string;
  fileId: string;
  userId: string;
  name: string;
  extension: string;
  size: number;
  path: string;
  creationTime: string;
}

export interface Matter {
  id: string;
  name: string;
  iconImage: string;
  matterDescribe: string;
  isMustDoIt: 0 | 1;
  content: string;
  /** Comma-separated sub-items; '' when none. */
  subMatters: string;
  /** Comma-separated types; '' when none. */
  subBeType: string;
  subBeRemark: 0 | 1 | 2;
  /** Matters that must be handled first (type 1 with msg otherwise). */
  requires: string[];
  /** When set, only these students may handle it; others see type 2. */
  eligibleStudentIds: string[] | null;
}

export interface MatterHand {
  studentId: string;
  matterId: string;
  handName: string;
  doneTime: string;
  fillSubMatters: string;
  fillSubBeType: string;
  fillSubBeRemark: string;
}

export interface RegistrationBatch {
  id: string;
  name: string;
  start: string;
  end: string;
  matterIds: string[];
}

export interface VerifyCode {
  phone: string;
  code: string;
  sentAt: number;
  expiresAt: number;
  /** Who asked; a code for the own phone is bound to the user. */
  userId: string;
}

export interface Db {
  version: number;
  schools: SchoolRecord[];
  passwordPolicy: PasswordPolicy;
  campuses: Campus[];
  users: UserRecord[];
  roster: RosterStudent[];
  bindings: Binding[];
  sids: { sid: string; userId: string; used: boolean }[];
  dictionaries: Record<string, { id: string; name: string }[]>;
  areas: unknown[];
  messageGroups: MessageGroup[];
  notices: Notice[];
  carousel: CarouselImage[];
  portals: Record<string, PortalConfig>;
  widgets: WidgetInfo[];
  apps: App[];
  appGroups: AppGroupDef[];
  /** Per user: the app ids of the 'my apps' (common) group. */
  commonApps: Record<string, string[]>;
  appLogs: { appId: string; userId: string; type: number; time: string }[];
  menus: MenuItem[];
  todos: Todo[];
  todoCategories: TodoCategory[];
  objects: Record<string, StoredObject>;
  uploads: Record<string, PendingUpload>;
  storedFiles: StoredFile[];
  fileTypes: { suffix: string; suffixMsg: string }[];
  previewable: string[];
  matters: Matter[];
  matterHands: MatterHand[];
  batches: RegistrationBatch[];
  verifyCodes: VerifyCode[];
  /** userId -> epoch ms until which the user counts as verified. */
  verifiedUntil: Record<string, number>;
  workflow: WorkflowState;
}

/** Sessions survive a reset of the seed, so a running browser stays logged in. */
export interface Sessions {
  access: Record<string, { userId: string; expiresAt: number }>;
  refresh: Record<string, { userId: string; expiresAt: number }>;
}

export const DB_VERSION = 1;
