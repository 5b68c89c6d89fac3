/**
 * The hand-off between approval screens (SPEC point 2 "Next-step chooser", "Approval
 * action screen"): the launch page and the run page hand a session to the page that
 * finishes the job (selectNode, approvalPass). The application keeps it, in memory and
 * on the device for a reload, per user; pages never write it.
 *
 * One identity per session names everything that belongs to it: the next-step choice
 * kept while the selector pages are visited, the in-flight guard of its submission, and
 * the action screen's opinion draft. One success path forgets all of it and leaves.
 */
import { HANDLED_TAB, INITIATED_TAB, OPERATION_SUCCESS, type ApprovalActionType, type FlowLaunchType, type NextNodeData, type NextStepSelection } from '../../domain/approval';
import { isRecord } from '../../domain/shared/guards';
import { clearDraft, DRAFT_PREFIX } from '../forms/drafts';
import type { KeyValueStorage, Notifier } from '../ports/runtime';
import { KEY_VALUE_STORAGE } from '../ports/tokens';
import type { LeavingNavigator } from '../shared/navigation';
import { defineScreen, SCREEN_MODELS, type Resolve } from '../shared/screens';
import { approvalCenterPath } from './routes';

/** What selectNode needs from the page that sent it (launch: type 0, the run page's submit: type 1). */
export interface FlowSession {
  readonly flowLaunchType: FlowLaunchType;
  readonly code: string;
  readonly appId: string;
  readonly title: string;
  /** The run being resubmitted (type 1). */
  readonly runId: string | null;
  readonly flowRunPrcsId: string | null;
  readonly formData: unknown;
  /** The form's local draft, removed after a successful submit. */
  readonly draftKey: string | null;
  readonly next: NextNodeData;
  /** Sent as the idempotency key of every attempt of this submission (submission.ts); absent in sessions stored by older builds. */
  readonly submissionId?: string;
}

/** What approvalPass needs from the run page. */
export interface ActionSession {
  readonly actionType: ApprovalActionType;
  readonly runId: string;
  readonly code: string;
  readonly appId: string;
  readonly title: string;
  readonly flowRunPrcsId: string | null;
  readonly formData: unknown;
  readonly isSign: boolean;
  readonly isMark: boolean;
  readonly draftKey: string | null;
  /** As FlowSession.submissionId. */
  readonly submissionId?: string;
}

export type HandOffSession = FlowSession | ActionSession;

export const isActionSession = (session: HandOffSession): session is ActionSession => 'actionType' in session;

/**
 * THE identity of a session: the step it hands over from (a launch has none: its flow),
 * and for the action screen the action. Its chooser's scope, its submission's in-flight
 * key and its opinion draft's key are all made from it.
 */
export const handOffIdentity = (session: HandOffSession): string =>
  isActionSession(session)
    ? `action:${session.flowRunPrcsId ?? session.runId}:${session.actionType}`
    : `node:${session.flowRunPrcsId ?? `launch:${session.code}`}`;

/** The in-flight guard's key: the submission, or for a session stored by an older build its identity. */
export const submissionKey = (session: HandOffSession): string => session.submissionId ?? handOffIdentity(session);

/** Keys of the sessions and opinion drafts: per user, under the forms' draft prefix (kept through an expired session). */
export const flowSessionKey = (userId: string): string => `${DRAFT_PREFIX}:${userId}:approval:flowSession`;
export const actionSessionKey = (userId: string): string => `${DRAFT_PREFIX}:${userId}:approval:actionSession`;
/** Launches whose answer was lost (./nodeChoice.ts LostLaunches), kept like the sessions. */
export const lostLaunchesKey = (userId: string): string => `${DRAFT_PREFIX}:${userId}:approval:lostLaunches`;
export const actionDraftKey = (userId: string, session: ActionSession): string => `${DRAFT_PREFIX}:${userId}:approval:${handOffIdentity(session)}`;

export const readJson = (storage: KeyValueStorage, key: string): unknown => {
  const raw = storage.get(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

export const writeJson = (storage: KeyValueStorage, key: string, value: unknown): void => {
  try {
    storage.set(key, JSON.stringify(value));
  } catch {
    // A full storage loses the reload copy only; the copy in memory still works.
  }
};

export const storeFlowSession = (storage: KeyValueStorage, userId: string, session: FlowSession | null): void => {
  if (session === null) storage.remove(flowSessionKey(userId));
  else writeJson(storage, flowSessionKey(userId), session);
};

/** The session stored for a reload, when it is whole. */
export const restoreFlowSession = (storage: KeyValueStorage, userId: string): FlowSession | null => {
  const v = readJson(storage, flowSessionKey(userId));
  if (!isRecord(v) || !isRecord(v.next) || !Array.isArray(v.next.flowNodes) || typeof v.appId !== 'string') return null;
  return v as unknown as FlowSession;
};

export const storeActionSession = (storage: KeyValueStorage, userId: string, session: ActionSession | null): void => {
  if (session === null) storage.remove(actionSessionKey(userId));
  else writeJson(storage, actionSessionKey(userId), session);
};

export const restoreActionSession = (storage: KeyValueStorage, userId: string): ActionSession | null => {
  const v = readJson(storage, actionSessionKey(userId));
  if (!isRecord(v) || typeof v.runId !== 'string' || typeof v.appId !== 'string' || typeof v.actionType !== 'number') return null;
  return v as unknown as ActionSession;
};

export interface ApprovalHandOff {
  /** The flow session selectNode works on. */
  flow(): FlowSession | null;
  /** The action session approvalPass works on. */
  action(): ActionSession | null;
  /** Hands a session to the page that finishes it (replacing the one of its kind). */
  handOver(session: HandOffSession): void;
  /** The next-step choice made for the session of `identity`, kept while the selector pages are visited. */
  selection(identity: string): NextStepSelection | null;
  choose(identity: string, selection: NextStepSelection): void;
  /** Forgets the session and everything of it: its choice, its opinion draft, its form draft. */
  finish(session: HandOffSession): void;
}

/** The hand-off of one user: in memory, and on the device so a reload finds it. */
export function createApprovalHandOff(storage: KeyValueStorage, userId: string): ApprovalHandOff {
  let flow: FlowSession | null = null;
  let action: ActionSession | null = null;
  const selections = new Map<string, NextStepSelection>();
  return {
    flow: () => flow ?? restoreFlowSession(storage, userId),
    action: () => action ?? restoreActionSession(storage, userId),
    handOver(session) {
      if (isActionSession(session)) {
        action = session;
        storeActionSession(storage, userId, session);
      } else {
        flow = session;
        storeFlowSession(storage, userId, session);
      }
    },
    selection: (identity) => selections.get(identity) ?? null,
    choose: (identity, selection) => void selections.set(identity, selection),
    finish(session) {
      selections.delete(handOffIdentity(session));
      if (session.draftKey) clearDraft(storage, session.draftKey);
      if (isActionSession(session)) {
        action = null;
        storeActionSession(storage, userId, null);
        storage.remove(actionDraftKey(userId, session));
      } else {
        flow = null;
        storeFlowSession(storage, userId, null);
      }
    },
  };
}

/** The hand-off lives as long as the user is signed in (application/shared/screens.ts 'user'). */
export const approvalHandOffScreen = defineScreen({
  name: 'approvalHandOff',
  lifetime: 'user',
  key: (p: { userId: string }) => p.userId,
  create: (get, p) => createApprovalHandOff(get(KEY_VALUE_STORAGE), p.userId),
});

/** The signed-in user's hand-off, for a screen definition's `create`. */
export const handOffOf = (get: Resolve, userId: string): ApprovalHandOff => get(SCREEN_MODELS).get(approvalHandOffScreen, { userId });

/**
 * Where a run lives once the hand-off is done, for a user who reached it with no page
 * behind (a push, a link, a reload): the centre tab that now holds it, 已办理 after an
 * approver's action, 已发起 after a launch or a resubmission.
 */
export const handOffParent = (session: HandOffSession): string =>
  approvalCenterPath({ tab: isActionSession(session) ? HANDLED_TAB : INITIATED_TAB });

export interface HandOffDoneDeps {
  readonly handOff: ApprovalHandOff;
  readonly notifier: Pick<Notifier, 'success'>;
  readonly navigator: LeavingNavigator;
}

/**
 * THE success path of a hand-off (selectNode's 确认提交, the action screen's confirm):
 * 操作成功, everything of the session forgotten, and back to where the user came from
 * (3 entries after a launch, 2 after an approval: SPEC point 8).
 */
export function handOffDone(deps: HandOffDoneDeps, session: HandOffSession, backSteps: number, said: string = OPERATION_SUCCESS): void {
  // '' says nothing: the one who kept the action says so (the outbox: 已存入待发送).
  if (said) deps.notifier.success(said);
  deps.handOff.finish(session);
  deps.navigator.returnTo(backSteps, handOffParent(session));
}
