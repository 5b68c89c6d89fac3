import { Button, List, Tag } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, ExclamationCircleFill, InformationCircleFill } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { MATTER_ROWS_PER_STEP, matterRow, type MatterStateBlock } from '../../domain/registration/matter';
import { MUST_DO } from '../../domain/registration/messages';
import type { Matter } from '../../domain/registration/types';
import { formatDisplayDate } from '../../domain/shared/formats';
import { usePicture } from '../shared/apps/assets';
import { StepMore } from '../shared/StepMore';
import { useSteppedItems } from '../shared/useDrawnSteps';
import { DONE_TIME, HANDLED_BY } from './strings';

/** A matter's icon, or its first character on a tinted tile when there is none (or it fails to load). */
export function MatterIcon({ matter, size = 40 }: { matter: Pick<Matter, 'name' | 'iconImage'>; size?: number }) {
  const [broken, setBroken] = useState(false);
  const src = usePicture()(matter.iconImage) ?? '';
  const style = { width: size, height: size };
  if (src !== '' && !broken) {
    return <img className="cw-reg-icon" style={style} src={src} alt="" onError={() => setBroken(true)} />;
  }
  return (
    <span className="cw-reg-icon cw-reg-icon--text" style={{ ...style, fontSize: Math.round(size * 0.42) }} aria-hidden>
      {(matter.name ?? '').slice(0, 1)}
    </span>
  );
}

export function MustDoTag({ matter }: { matter: Matter }) {
  return matterRow(matter).mustDo ? (
    <Tag color="danger" fill="outline" className="cw-reg-tag">
      {MUST_DO}
    </Tag>
  ) : null;
}

/** A matter's head on its detail pages: icon, name with 必办, and a line under it. */
export function MatterHead({ matter, children }: { matter: Matter; children?: ReactNode }) {
  return (
    <header className="cw-reg-detail__head">
      <MatterIcon matter={matter} size={52} />
      <div className="cw-reg-detail__title">
        <h2>
          {matter.name}
          <MustDoTag matter={matter} />
        </h2>
        {children}
      </div>
    </header>
  );
}

/** The state block under a matter (domain matterStateBlock): the verifier's 核验通过, or what the state says. */
export function StateBlock({
  block,
  onVerify,
  verifying = false,
}: {
  block: MatterStateBlock;
  onVerify?: () => void;
  verifying?: boolean;
}) {
  switch (block.kind) {
    case 'verify':
      return (
        <Button color="primary" shape="rounded" block className="cw-reg-verify" loading={verifying} disabled={verifying} onClick={onVerify}>
          {block.label}
        </Button>
      );
    case 'done':
      return (
        <StateNote tone="done" icon={<CheckCircleFill />} text={block.text}>
          {block.handName || block.doneTime ? (
            <dl className="cw-reg-state__facts">
              {block.handName ? (
                <>
                  <dt>{HANDLED_BY}</dt>
                  <dd>{block.handName}</dd>
                </>
              ) : null}
              {block.doneTime ? (
                <>
                  <dt>{DONE_TIME}</dt>
                  <dd>{formatDisplayDate(block.doneTime) || block.doneTime}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
        </StateNote>
      );
    case 'handleFirst':
      return <StateNote tone="todo" icon={<InformationCircleFill />} text={block.text} />;
    case 'waiting':
      return <StateNote tone="waiting" icon={<ClockCircleFill />} text={block.text} />;
    case 'blocked':
    case 'unavailable':
      return <StateNote tone={block.kind} icon={<ExclamationCircleFill />} text={block.text} />;
  }
}

/** A state block but the verifier's: its icon and text in the state's tone, and what else it tells below. */
function StateNote({ tone, icon, text, children }: { tone: string; icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <div className={`cw-reg-state cw-reg-state--${tone}`} role="status">
      <div className="cw-reg-state__head">
        {icon}
        <span>{text}</span>
      </div>
      {children}
    </div>
  );
}

/** The list under 事项办理情况（done / total）: icon, name, 必办, 已办理 / 未办理; a row opens the matter. */
export function MatterList({ matters, onOpen }: { matters: readonly Matter[]; onOpen: (matter: Matter) => void }) {
  // Drawn a step at a time: a backend may send thousands of matters.
  const { shown, sentinel } = useSteppedItems(matters, MATTER_ROWS_PER_STEP);
  return (
    <>
      <List className="cw-reg-list">
        {shown.map((matter) => {
          const row = matterRow(matter);
          return (
            <List.Item
              key={matter.id}
              prefix={<MatterIcon matter={matter} size={36} />}
              extra={<span className={row.handled ? 'cw-reg-handled cw-reg-handled--yes' : 'cw-reg-handled'}>{row.handledLabel}</span>}
              description={matter.matterDescribe || undefined}
              onClick={() => onOpen(matter)}
            >
              <span className="cw-reg-list__name">
                <span>{row.name}</span>
                <MustDoTag matter={matter} />
              </span>
            </List.Item>
          );
        })}
      </List>
      <StepMore sentinel={sentinel} />
    </>
  );
}
