import { useMemo } from 'react';
import {
  DETAIL_AGREED,
  DETAIL_COPIED,
  DETAIL_HANDLING,
  DETAIL_NOT_NEEDED,
  DETAIL_PENDING,
  DETAIL_REFUSED,
  DETAIL_RETURNED,
  DETAIL_REVOKED,
  HISTORY_ROWS_PER_STEP,
  type AttachmentRef,
  type HistoryNode,
  type HistoryNodeView,
} from '../../domain/approval';
import { FileList, type FileListItem } from '../files';
import { StepMore } from '../shared/StepMore';
import { useDrawnSteps } from '../shared/useDrawnSteps';
import { UserAvatar } from '../shared/UserAvatar';
import { HISTORY_TITLE, PEOPLE_COUNT, SIGNATURE_ALT, TIME_COST } from './strings';

const LABEL_TONE: Readonly<Record<string, string>> = Object.freeze({
  [DETAIL_AGREED]: 'green',
  [DETAIL_REFUSED]: 'red',
  [DETAIL_RETURNED]: 'amber',
  [DETAIL_HANDLING]: 'blue',
  [DETAIL_PENDING]: 'grey',
  [DETAIL_NOT_NEEDED]: 'grey',
  [DETAIL_REVOKED]: 'grey',
  [DETAIL_COPIED]: 'blue',
});

/** The dot of a node on the timeline, by the node's state (-1 in progress, 0 done, 1 rejected, 2 returned, 5 revoked). */
const nodeTone = (state: number | undefined): string => {
  switch (state) {
    case 0:
      return 'green';
    case 1:
      return 'red';
    case 2:
      return 'orange';
    case -1:
      return 'blue';
    default:
      return 'grey';
  }
};

export const attachmentItems = (files: readonly AttachmentRef[], prefix: string): FileListItem[] =>
  files.map((f, i) => ({
    uid: `${prefix}:${i}:${f.path ?? f.name}`,
    name: f.name,
    size: f.size ?? null,
    url: f.fileUrl ?? null,
    domain: f.domain ?? null,
    path: f.path ?? null,
  }));

/**
 * The history list (SPEC point 2 "Flow approval detail", point 4 "History node state"):
 * each node with its mode (依次审批, 会签, 或签), each person with the state label, time,
 * opinion, attachments, signature and time cost; copy groups show 已读 with the time or
 * 未读; a slot nobody fills shows （未找到审批人）. Drawn a step at a time, nodes whole
 * (HISTORY_ROWS_PER_STEP people's rows): a backend may send thousands of nodes.
 */
export function HistoryList({ views, nodes }: { views: readonly HistoryNodeView[]; nodes: readonly HistoryNode[] }) {
  const steps = useDrawnSteps(
    useMemo(() => views.map((v) => v.details.length), [views]),
    HISTORY_ROWS_PER_STEP,
  );
  if (views.length === 0) return null;
  return (
    <section className="cw-ap-card-section" aria-labelledby="cw-ap-history">
      <h2 className="cw-ap-card-section__title" id="cw-ap-history">
        {HISTORY_TITLE}
      </h2>
      <ol className="cw-ap-history">
        {views.slice(0, steps.drawn).map((node, i) => (
          <li key={`${node.id}:${i}`} className={`cw-ap-history__node cw-ap-history__node--${nodeTone(nodes[i]?.state)}`} aria-label={node.title}>
            <div className="cw-ap-history__head">
              <span className="cw-ap-history__dot" aria-hidden="true" />
              <span className="cw-ap-history__name">{node.title}</span>
              {node.modeLabel && node.details.length > 1 ? (
                <span className="cw-ap-history__mode">
                  {node.modeLabel}
                  {node.modeUserCount ? ` · ${PEOPLE_COUNT(node.modeUserCount)}` : ''}
                </span>
              ) : null}
            </div>
            <ul className="cw-ap-history__details">
              {node.details.map((d, j) => (
                <li key={`${d.id}:${j}`} className="cw-ap-history__detail">
                  <UserAvatar name={d.approverMissing ? '' : d.userName} image={d.userHead} size={32} className="cw-ap-history__avatar" />
                  <div className="cw-ap-history__body">
                    <div className="cw-ap-history__line">
                      <span className={`cw-ap-history__user${d.approverMissing ? ' cw-ap-history__user--missing' : ''}`}>{d.userName}</span>
                      {d.readStatus ? (
                        <span className={`cw-ap-history__status cw-tone--${d.readStatus.read ? 'green' : 'grey'}`}>{d.readStatus.label}</span>
                      ) : d.statusLabel ? (
                        <span className={`cw-ap-history__status cw-tone--${LABEL_TONE[d.statusLabel] ?? 'grey'}`}>{d.statusLabel}</span>
                      ) : null}
                      <span className="cw-ap-history__time">{d.readStatus ? (d.readStatus.time ?? '') : (d.time ?? '')}</span>
                    </div>
                    {d.mark ? <p className="cw-ap-history__mark">{d.mark}</p> : null}
                    {d.files.length > 0 ? <FileList files={attachmentItems(d.files, d.id)} className="cw-ap-history__files" /> : null}
                    {d.autograph ? <img className="cw-ap-history__sign" src={d.autograph} alt={`${d.userName}${SIGNATURE_ALT}`} /> : null}
                    {d.timeCost !== null && d.timeCost !== '' && !d.readStatus ? <span className="cw-ap-history__cost">{TIME_COST(d.timeCost)}</span> : null}
                  </div>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <StepMore sentinel={steps.sentinel} />
    </section>
  );
}
