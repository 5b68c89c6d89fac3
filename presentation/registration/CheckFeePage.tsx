import { Tag } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useMemo, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { matterScreen } from '../../application/registration/matterModel';
import { matterQueryOf } from '../../application/registration/routes';
import { chosenSubItems, matterContentView, matterStateBlock, registrationViewer } from '../../domain/registration/matter';
import type { Matter } from '../../domain/registration/types';
import { ServerHtml } from '../shared/serverHtml/ServerHtml';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { LOAD_FAILED, RETRY } from '../shared/strings';
import { MatterHead, StateBlock } from './MatterParts';
import { CHOSEN_CONTENT, LABEL_ITEMS, LABEL_REMARK, LABEL_TYPE, MATTER_CONTENT, MATTER_STATE } from './strings';
import './registration.css';

/**
 * page/student/report/checkFee?idCard&id (SPEC point 2): the matter's header, its
 * content (无事项内容 when empty), the state block and what was chosen when it was
 * handled; a verifier passes it from here too. Everything it does is its model's
 * (application/registration/matterModel.ts); this is the markup.
 */
export function CheckFeePage() {
  const user = useCurrentUser();
  const search = useSearch();
  const { matterId, number } = useMemo(() => matterQueryOf(search), [search]);
  const userType = user?.userType;
  const model = useScreenModel(matterScreen, { userType, matterId, number });
  const [view, verifying] = useUnit([model.$view, model.$verifying]);
  const [retry, verify] = useUnit([model.retried, model.verifyRequested]);
  const viewer = registrationViewer(userType);


  if (view.kind === 'loading') return <PageLoading />;
  if (view.kind === 'failed') return <ErrorState title={LOAD_FAILED} description={view.message} actionText={RETRY} onAction={() => retry()} />;
  return <MatterDetail matter={view.data} viewer={viewer} verifying={verifying} onVerify={() => verify(view.data)} />;
}

function MatterDetail({
  matter,
  viewer,
  verifying,
  onVerify,
}: {
  matter: Matter;
  viewer: 0 | 1 | 2;
  verifying: boolean;
  onVerify: () => void;
}) {
  const content = useMemo(() => matterContentView(matter.content), [matter.content]);
  const block = matterStateBlock(matter, viewer);
  const chosen = chosenSubItems(matter);
  const hasChosen = chosen.items.length > 0 || chosen.types.length > 0 || chosen.remark !== null;
  return (
    <div className={`cw-reg cw-reg-detail${block.kind === 'verify' ? ' cw-reg-detail--footer' : ''}`}>
      <MatterHead matter={matter}>{matter.matterDescribe ? <p>{matter.matterDescribe}</p> : null}</MatterHead>

      <Section title={MATTER_CONTENT}>
        {content.empty ? (
          <p className="cw-reg-detail__empty">{content.text}</p>
        ) : (
          <ServerHtml className="cw-reg-detail__content cw-rich" html={content.html} />
        )}
      </Section>

      {block.kind !== 'verify' ? (
        <Section title={MATTER_STATE}>
          <div className="cw-reg-section__pad">
            <StateBlock block={block} />
          </div>
        </Section>
      ) : null}

      {hasChosen ? (
        <Section title={CHOSEN_CONTENT}>
          <dl className="cw-reg-chosen">
            {chosen.items.length > 0 ? <ChosenTags label={LABEL_ITEMS} tags={chosen.items} color="primary" /> : null}
            {chosen.types.length > 0 ? <ChosenTags label={LABEL_TYPE} tags={chosen.types} color="success" /> : null}
            {chosen.remark !== null ? (
              <div className="cw-reg-chosen__row">
                <dt>{LABEL_REMARK}</dt>
                <dd className="cw-reg-chosen__remark">{chosen.remark}</dd>
              </div>
            ) : null}
          </dl>
        </Section>
      ) : null}

      {block.kind === 'verify' ? (
        <footer className="cw-reg-footer">
          <StateBlock block={block} onVerify={onVerify} verifying={verifying} />
        </footer>
      ) : null}
    </div>
  );
}

/** A titled section of the detail (事项说明, 办理状态, 办理内容). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="cw-reg-section" aria-label={title}>
      <header className="cw-reg-section__head">
        <h3 className="cw-reg-section__title">{title}</h3>
      </header>
      {children}
    </section>
  );
}

/** A row of what was chosen: its label, then each choice as a tag. */
function ChosenTags({ label, tags, color }: { label: string; tags: readonly string[]; color: 'primary' | 'success' }) {
  return (
    <div className="cw-reg-chosen__row">
      <dt>{label}</dt>
      <dd>
        {tags.map((item) => (
          <Tag key={item} color={color} fill="outline" className="cw-reg-chosen__tag">
            {item}
          </Tag>
        ))}
      </dd>
    </div>
  );
}
