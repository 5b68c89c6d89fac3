import type { SandboxUser } from '../module';
import { DB_VERSION, type Db, type UserRecord } from '../core/db';
import { seedWorkflow } from '../workflow';
import { appGroups, apps, carousel, commonApps, menus, portals, widgets } from './apps';
import { DEMO_SIDS } from './accounts';
import { fileTypes, objects, previewable, storedFiles } from './files';
import { userId } from './ids';
import { messageGroups, notices } from './messages';
import { areas, dictionaries } from './reference';
import { batches, matterHands, matters } from './registration';
import { todoCategories, todoId, todos } from './todos';
import { approvalLinks } from './workflow-links';
import { bindings, campuses, passwordPolicy, roster, schools, users } from './users';

export const toSandboxUser = (u: UserRecord): SandboxUser => ({
  id: u.id,
  account: u.account,
  name: u.name,
  userType: u.userType,
  tenantId: u.tenantId,
});

/** The whole demo school at a given moment: dates in the seed are relative to `now`. */
export function createSeed(now: Date): Db {
  const userList = users(now);
  const workflow = seedWorkflow(userList.map(toSandboxUser), now);
  const links = approvalLinks(workflow);
  const linksFor = (u: UserRecord) => links.filter((l) => l.userId === u.id);
  const files = storedFiles(now);
  const todoList = todos(now, userList, files);

  return {
    version: DB_VERSION,
    schools: schools(),
    passwordPolicy: passwordPolicy(),
    campuses: campuses(),
    users: userList,
    roster: roster(),
    bindings: bindings(now),
    sids: DEMO_SIDS.map((s) => ({ sid: s.sid, userId: userId(s.account), used: false })),
    dictionaries: dictionaries(),
    areas: areas(),
    messageGroups: messageGroups(),
    notices: notices(now, userList, (u) => ({
      todoId: todoList.some((t) => t.id === todoId(u.account, 1)) ? todoId(u.account, 1) : undefined,
      oa: linksFor(u),
    })),
    carousel: carousel(),
    portals: portals(),
    widgets: widgets(),
    apps: apps(),
    appGroups: appGroups(),
    commonApps: commonApps(),
    appLogs: [],
    menus: menus(),
    todos: todoList,
    todoCategories: todoCategories(),
    objects: objects(now),
    uploads: {},
    storedFiles: files,
    fileTypes: fileTypes(),
    previewable: previewable(),
    matters: matters(),
    matterHands: matterHands(now),
    batches: batches(now),
    verifyCodes: [],
    verifiedUntil: {},
    workflow,
  };
}
