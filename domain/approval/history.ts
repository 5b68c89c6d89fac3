import type { AttachmentRef, HistoryDetail, HistoryNode } from './types';
import {
  APPROVER_NOT_FOUND,
  COPY_GROUP_TITLE,
  COPY_READ,
  COPY_UNREAD,
  DETAIL_AGREED,
  DETAIL_COPIED,
  DETAIL_HANDLING,
  DETAIL_NOT_NEEDED,
  DETAIL_PENDING,
  DETAIL_REFUSED,
  DETAIL_RETURNED,
  DETAIL_REVOKED,
  MODE_ALL_SIGN,
  MODE_ANY_SIGN,
  MODE_SEQUENTIAL,
} from './messages';
import { formatDisplayTime, nonBlank } from './format';

/** The id the server gives a copy-to group instead of a real node id. */
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

/** Detail type of a copy-to recipient. */
export const COPY_DETAIL_TYPE = 2;

export const isCopyGroupId = (id: unknown): boolean =>
  typeof id === 'string' && id.trim().toLowerCase() === EMPTY_GUID;

export const isCopyNode = (node: Pick<HistoryNode, 'id'>): boolean => isCopyGroupId(node.id);

/** Keyed by detail type, then state (SPEC point 4, History node state). */
const DETAIL_LABELS: ReadonlyMap<number, ReadonlyMap<number, string>> = new Map([
  [0, new Map([[-1, DETAIL_HANDLING]])],
  [
    1,
    new Map([
      [-1, DETAIL_HANDLING],
      [0, DETAIL_AGREED],
      [1, DETAIL_REFUSED],
      [2, DETAIL_RETURNED],
      [3, DETAIL_NOT_NEEDED],
      [4, DETAIL_PENDING],
      [5, DETAIL_REVOKED],
    ]),
  ],
  [COPY_DETAIL_TYPE, new Map([[0, DETAIL_COPIED]])],
  [5, new Map([[5, DETAIL_REVOKED]])],
]);

/** Null when the spec gives no label for the pair; the row then shows none. */
export const historyDetailLabel = (type: unknown, state: unknown): string | null => {
  if (typeof type !== 'number' || typeof state !== 'number') return null;
  return DETAIL_LABELS.get(type)?.get(state) ?? null;
};

const MODE_LABELS: ReadonlyMap<number, string> = new Map([
  [0, MODE_SEQUENTIAL],
  [1, MODE_ALL_SIGN],
  [2, MODE_ANY_SIGN],
]);

export const modeTypeLabel = (modeType: unknown): string | null =>
  typeof modeType === 'number' ? (MODE_LABELS.get(modeType) ?? null) : null;

export interface CopyReadStatus {
  readonly read: boolean;
  readonly label: string;
  /** When it was read; null when unread or the time is missing. */
  readonly time: string | null;
}

export const copyReadStatus = (detail: Pick<HistoryDetail, 'isRead' | 'prcsEndTime'>): CopyReadStatus =>
  detail.isRead === true
    ? { read: true, label: COPY_READ, time: formatDisplayTime(detail.prcsEndTime) }
    : { read: false, label: COPY_UNREAD, time: null };

/** A lone approver slot the server could not fill: the flow names nobody for it. */
export const isApproverMissing = (node: HistoryNode): boolean => {
  if (isCopyNode(node)) return false;
  const details = Array.isArray(node.flowRunDetailsDtos) ? node.flowRunDetailsDtos : [];
  const only = details.length === 1 ? details[0] : undefined;
  return only !== undefined && only.type !== COPY_DETAIL_TYPE && !nonBlank(only.userName);
};

export interface HistoryDetailView {
  readonly id: string;
  readonly userName: string;
  readonly userHead: string | null;
  readonly approverMissing: boolean;
  readonly statusLabel: string | null;
  /** Only on copy groups. */
  readonly readStatus: CopyReadStatus | null;
  readonly time: string | null;
  readonly timeCost: string | number | null;
  readonly mark: string;
  readonly files: readonly AttachmentRef[];
  readonly autograph: string | null;
}

/**
 * The history list is drawn this many people's rows at a time (nodes whole), the next step
 * when its end comes within a screen: a backend may send thousands of nodes.
 */
export const HISTORY_ROWS_PER_STEP = 30;

export interface HistoryNodeView {
  readonly id: string;
  readonly title: string;
  readonly isCopy: boolean;
  readonly modeLabel: string | null;
  readonly modeUserCount: number | null;
  readonly details: readonly HistoryDetailView[];
}

export const historyNodeView = (node: HistoryNode): HistoryNodeView => {
  const isCopy = isCopyNode(node);
  const missing = isApproverMissing(node);
  const details = Array.isArray(node.flowRunDetailsDtos) ? node.flowRunDetailsDtos : [];
  return {
    id: node.id,
    title: isCopy ? COPY_GROUP_TITLE : typeof node.name === 'string' ? node.name : '',
    isCopy,
    modeLabel: isCopy ? null : modeTypeLabel(node.modeType),
    modeUserCount: typeof node.modeUserCount === 'number' ? node.modeUserCount : null,
    details: details.map(
      (detail): HistoryDetailView => ({
        id: detail.id,
        userName: missing ? APPROVER_NOT_FOUND : nonBlank(detail.userName) ? detail.userName : '',
        userHead: nonBlank(detail.userHead) ? detail.userHead : null,
        approverMissing: missing,
        statusLabel: historyDetailLabel(detail.type, detail.state),
        readStatus: isCopy ? copyReadStatus(detail) : null,
        time: formatDisplayTime(detail.prcsEndTime),
        timeCost: detail.timeCost ?? null,
        mark: typeof detail.mark === 'string' ? detail.mark : '',
        files: Array.isArray(detail.files) ? detail.files : [],
        autograph: nonBlank(detail.autograph) ? detail.autograph : null,
      }),
    ),
  };
};

export const historyView = (nodes: readonly HistoryNode[] | null | undefined): readonly HistoryNodeView[] =>
  Array.isArray(nodes) ? nodes.map(historyNodeView) : [];
