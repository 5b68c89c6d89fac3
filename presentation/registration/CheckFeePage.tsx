import { Tag, Toast } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError, messageOf } from '../../application/ports/errors';
import { REGISTRATION_API, type RegistrationApi } from '../../application/registration/ports';
import { loadMatter, startVerify, verifyMatter } from '../../application/registration/useCases';
import { chosenSubItems, matterContentView, matterStateBlock, registrationViewer } from '../../domain/registration/matter';
import type { Matter } from '../../domain/registration/types';
import { ServerHtml } from '../shared/serverHtml/ServerHtml';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
import { useCurrentUser } from '../shared/session';
import { LOAD_FAILED, RETRY } from '../shared/strings';
import { MatterIcon, MustDoTag, StateBlock } from './MatterParts';
import { CHOSEN_CONTENT, LABEL_ITEMS, LABEL_REMARK, LABEL_TYPE, MATTER_CONTENT, MATTER_STATE } from './strings';
import './registration.css';

type Load = { status: 'loading' } | { status: 'ready'; matter: Matter } | { status: 'error'; message: string };

/**
 * page/student/report/checkFee?idCard&id (SPEC point 2): the matter's header, its
 * content (无事项内容 when empty), the state block and what was chosen when it was
 * handled; a verifier passes it from here too (through selectTypeRemarks when the
 * matter asks for items, a type or a remark).
 */
export function CheckFeePage() {
  const api = useInjection<RegistrationApi>(REGISTRATION_API);
  const user = useCurrentUser();
  const params = new URLSearchParams(useSearch());
  const matterId = (params.get('id') ?? '').trim();
  const number = (params.get('idCard') ?? '').trim();
  const [, navigate] = useLocation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [verifying, setVerifying] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const viewer = registrationViewer(user?.userType);

  const fetchMatter = useCallback(
    async (quiet: boolean) => {
      controller.current?.abort();
      const ac = new AbortController();
      controller.current = ac;
      if (!quiet) setLoad({ status: 'loading' });
      try {
        const matter = await loadMatter({ api }, { userType: user?.userType, matterId, number }, { signal: ac.signal });
        if (!ac.signal.aborted) setLoad({ status: 'ready', matter });
      } catch (e) {
        if ((e instanceof ApiError && e.cancelled) || ac.signal.aborted) return;
        Toast.show({ icon: 'fail', content: messageOf(e) });
        if (!quiet) setLoad({ status: 'error', message: messageOf(e) });
      }
    },
    [api, user?.userType, matterId, number],
  );

  useEffect(() => {
    void fetchMatter(false);
    return () => controller.current?.abort();
  }, [fetchMatter]);

  const verify = async (matter: Matter) => {
    const start = startVerify(matter, number, 2);
    if (start.kind === 'remarks') {
      navigate(start.path);
      return;
    }
    if (start.kind !== 'direct' || verifying) return;
    setVerifying(true);
    try {
      const outcome = await verifyMatter({ api }, number, matter);
      if (outcome.ok) {
        Toast.show({ icon: 'success', content: outcome.toast });
        await fetchMatter(true);
      } else if (!outcome.cancelled) {
        Toast.show({ icon: 'fail', content: outcome.message });
      }
    } finally {
      setVerifying(false);
    }
  };

  if (load.status === 'loading') return <PageLoading />;
  if (load.status === 'error') {
    return <ErrorState title={LOAD_FAILED} description={load.message} actionText={RETRY} onAction={() => void fetchMatter(false)} />;
  }
  return <MatterDetail matter={load.matter} viewer={viewer} verifying={verifying} onVerify={() => void verify(load.matter)} />;
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
      <header className="cw-reg-detail__head">
        <MatterIcon matter={matter} size={52} />
        <div className="cw-reg-detail__title">
          <h2>
            {matter.name}
            <MustDoTag matter={matter} />
          </h2>
          {matter.matterDescribe ? <p>{matter.matterDescribe}</p> : null}
        </div>
      </header>

      <section className="cw-reg-section" aria-label={MATTER_CONTENT}>
        <header className="cw-reg-section__head">
          <h3 className="cw-reg-section__title">{MATTER_CONTENT}</h3>
        </header>
        {content.empty ? (
          <p className="cw-reg-detail__empty">{content.text}</p>
        ) : (
          <ServerHtml className="cw-reg-detail__content cw-rich" html={content.html} />
        )}
      </section>

      {block.kind !== 'verify' ? (
        <section className="cw-reg-section" aria-label={MATTER_STATE}>
          <header className="cw-reg-section__head">
            <h3 className="cw-reg-section__title">{MATTER_STATE}</h3>
          </header>
          <div className="cw-reg-section__pad">
            <StateBlock block={block} />
          </div>
        </section>
      ) : null}

      {hasChosen ? (
        <section className="cw-reg-section" aria-label={CHOSEN_CONTENT}>
          <header className="cw-reg-section__head">
            <h3 className="cw-reg-section__title">{CHOSEN_CONTENT}</h3>
          </header>
          <dl className="cw-reg-chosen">
            {chosen.items.length > 0 ? (
              <div className="cw-reg-chosen__row">
                <dt>{LABEL_ITEMS}</dt>
                <dd>
                  {chosen.items.map((item) => (
                    <Tag key={item} color="primary" fill="outline" className="cw-reg-chosen__tag">
                      {item}
                    </Tag>
                  ))}
                </dd>
              </div>
            ) : null}
            {chosen.types.length > 0 ? (
              <div className="cw-reg-chosen__row">
                <dt>{LABEL_TYPE}</dt>
                <dd>
                  {chosen.types.map((item) => (
                    <Tag key={item} color="success" fill="outline" className="cw-reg-chosen__tag">
                      {item}
                    </Tag>
                  ))}
                </dd>
              </div>
            ) : null}
            {chosen.remark !== null ? (
              <div className="cw-reg-chosen__row">
                <dt>{LABEL_REMARK}</dt>
                <dd className="cw-reg-chosen__remark">{chosen.remark}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}

      {block.kind === 'verify' ? (
        <footer className="cw-reg-footer">
          <StateBlock block={block} onVerify={onVerify} verifying={verifying} />
        </footer>
      ) : null}
    </div>
  );
}
