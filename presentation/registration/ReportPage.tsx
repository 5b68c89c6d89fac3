import { Button, ErrorBlock, PullToRefresh, Result, SearchBar, Toast } from 'antd-mobile';
import { RightOutline, ScanningOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError, messageOf } from '../../application/ports/errors';
import type { Navigator } from '../../application/ports/runtime';
import type { NativeShell } from '../../application/ports/shell';
import { NATIVE_SHELL, NAVIGATOR } from '../../application/ports/tokens';
import { REGISTRATION_API, type RegistrationApi, type RegistrationStudent } from '../../application/registration/ports';
import {
  checkFeePath,
  loadReport,
  qrcodePath,
  reportNumberOf,
  reportPath,
  scanStudent,
  startVerify,
  verifyMatter,
  type ReportState,
} from '../../application/registration/useCases';
import { matterProgress, matterStateBlock, registrationViewer, type RegistrationView } from '../../domain/registration/matter';
import { sexLabel, parseDescribe } from '../../domain/registration/student';
import type { Matter } from '../../domain/registration/types';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
import { useCurrentUser } from '../shared/session';
import { LOAD_FAILED, RETRY } from '../shared/strings';
import { UserAvatar } from '../shared/UserAvatar';
import { MatterIcon, MatterList, MustDoTag, StateBlock } from './MatterParts';
import {
  BATCH,
  CURRENT_MATTER,
  MY_PROGRESS,
  NO_CURRENT_MATTER,
  NO_REGISTRATION,
  SCAN_STUDENT,
  SHOW_QR_HINT,
  STUDENT_NUMBER,
  STUDENT_SEARCH_HINT,
  STUDENT_SEARCH_PLACEHOLDER,
} from './strings';
import './registration.css';

type Load = { status: 'loading' } | { status: 'ready'; state: ReportState } | { status: 'error'; message: string };

const isCancelled = (e: unknown): boolean => e instanceof ApiError && e.cancelled;

/**
 * page/student/report (SPEC point 2 "Student registration", point 6): the verifier
 * (userType 1) looks a student up by number or scanned code and passes the current
 * matter (核验通过); a student (2) sees 我的二维码 and the next step or 恭喜…; anyone
 * else the waiting message; 当前不在报到时间范围 outside the period.
 */
export function ReportPage() {
  const api = useInjection<RegistrationApi>(REGISTRATION_API);
  const shell = useInjection<NativeShell>(NATIVE_SHELL);
  const navigator = useInjection<Navigator>(NAVIGATOR);
  const user = useCurrentUser();
  const search = useSearch();
  const [, navigate] = useLocation();
  const number = reportNumberOf(search);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [text, setText] = useState(number);
  const [verifying, setVerifying] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const userType = user?.userType;

  const fetchReport = useCallback(
    async (quiet: boolean) => {
      controller.current?.abort();
      const ac = new AbortController();
      controller.current = ac;
      if (!quiet) setLoad({ status: 'loading' });
      try {
        const state = await loadReport({ api }, { userType, number }, { signal: ac.signal });
        if (!ac.signal.aborted) setLoad({ status: 'ready', state });
      } catch (e) {
        if (isCancelled(e) || ac.signal.aborted) return;
        Toast.show({ icon: 'fail', content: messageOf(e) });
        if (!quiet) setLoad({ status: 'error', message: messageOf(e) });
      }
    },
    [api, userType, number],
  );

  useEffect(() => {
    setText(number);
    void fetchReport(false);
    return () => controller.current?.abort();
  }, [fetchReport, number]);

  const lookUp = (value: string) => {
    const next = value.trim();
    if (next === '') return;
    if (next === number) void fetchReport(false);
    else navigate(reportPath(next), { replace: true });
  };

  const scan = async () => {
    const scanned = await scanStudent({ shell, navigator });
    if (scanned !== null) lookUp(scanned);
  };

  const openMatter = (matter: Matter) => navigate(checkFeePath(matter.id, number));

  const verify = async (matter: Matter | null) => {
    const start = startVerify(matter, number, 1);
    if (start.kind === 'remarks') {
      navigate(start.path);
      return;
    }
    if (start.kind !== 'direct' || !matter || verifying) return;
    setVerifying(true);
    try {
      const outcome = await verifyMatter({ api }, number, matter);
      if (outcome.ok) {
        Toast.show({ icon: 'success', content: outcome.toast });
        await fetchReport(true);
      } else if (!outcome.cancelled) {
        Toast.show({ icon: 'fail', content: outcome.message });
      }
    } finally {
      setVerifying(false);
    }
  };

  const state = load.status === 'ready' ? load.state : null;
  const isVerifier = registrationViewer(userType) === 1;

  const body = (() => {
    if (load.status === 'loading') return <PageLoading />;
    if (load.status === 'error') return <ErrorState title={LOAD_FAILED} description={load.message} actionText={RETRY} onAction={() => void fetchReport(false)} />;
    if (!state) return null;
    if (state.kind === 'search') {
      return (
        <div className="cw-reg-search-empty">
          <button type="button" className="cw-reg-search-empty__scan" onClick={() => void scan()} aria-label={SCAN_STUDENT}>
            <ScanningOutline fontSize={40} />
          </button>
          <p>{STUDENT_SEARCH_HINT}</p>
        </div>
      );
    }
    return (
      <ReportBody
        state={state}
        onOpen={openMatter}
        onVerify={(m) => void verify(m)}
        verifying={verifying}
        onRefresh={() => fetchReport(true)}
        onQrCode={(idCard) => navigate(qrcodePath(idCard))}
        userQrCode={user?.qrCode ?? null}
        userName={user?.name ?? ''}
        userNumber={user?.number ?? ''}
        userImage={user?.userImage ?? null}
      />
    );
  })();

  return (
    <div className="cw-reg">
      {isVerifier ? (
        <div className="cw-reg-searchbar">
          <SearchBar
            placeholder={STUDENT_SEARCH_PLACEHOLDER}
            value={text}
            onChange={setText}
            onSearch={lookUp}
            maxLength={100}
            aria-label={STUDENT_SEARCH_PLACEHOLDER}
          />
          <button type="button" className="cw-icon-button cw-reg-searchbar__scan" aria-label={SCAN_STUDENT} onClick={() => void scan()}>
            <ScanningOutline fontSize={22} />
          </button>
        </div>
      ) : null}
      {state && state.kind === 'loaded' ? (
        <PullToRefresh onRefresh={() => fetchReport(true)}>
          <div className="cw-reg__scroll">{body}</div>
        </PullToRefresh>
      ) : (
        body
      )}
    </div>
  );
}

interface ReportBodyProps {
  state: Extract<ReportState, { kind: 'loaded' }>;
  onOpen: (matter: Matter) => void;
  onVerify: (matter: Matter | null) => void;
  verifying: boolean;
  onRefresh: () => Promise<void>;
  onQrCode: (idCard: string) => void;
  userQrCode: string | null;
  userName: string;
  userNumber: string;
  userImage: string | null;
}

function ReportBody({ state, onOpen, onVerify, verifying, onRefresh, onQrCode, userQrCode, userName, userNumber, userImage }: ReportBodyProps) {
  const view: RegistrationView = state.view;
  const matters = state.answer?.matterHands ?? [];
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
    }
  };

  if (view.kind === 'waiting') {
    return <ErrorBlock status="default" className="cw-reg-block" title={view.text} description="" />;
  }

  const studentCard =
    state.viewer === 1 && state.student ? <StudentCard student={state.student} /> : null;

  if (view.kind === 'unknown') {
    return (
      <>
        {studentCard}
        <ErrorBlock status="empty" className="cw-reg-block" title={NO_REGISTRATION} description="" />
      </>
    );
  }
  if (view.kind === 'outsidePeriod') {
    return (
      <>
        {studentCard}
        {state.viewer === 2 ? <OwnCard name={userName} number={userNumber} image={userImage} student={state.student} /> : null}
        <ErrorBlock status="default" className="cw-reg-block" title={view.text} description="" />
      </>
    );
  }

  const progress = view.kind === 'verifier' ? { title: view.progressTitle } : matterProgress(matters);
  const list = (
    <section className="cw-reg-section" aria-label={progress.title}>
      <header className="cw-reg-section__head">
        <h2 className="cw-reg-section__title">{progress.title}</h2>
        {view.kind === 'verifier' ? (
          <Button size="mini" fill="outline" color="primary" shape="rounded" loading={refreshing} onClick={() => void refresh()}>
            {view.refreshLabel}
          </Button>
        ) : null}
      </header>
      <MatterList matters={matters} onOpen={onOpen} />
    </section>
  );

  if (view.kind === 'verifier') {
    const current = view.current;
    return (
      <>
        {studentCard}
        <section className="cw-reg-section cw-reg-current" aria-label={CURRENT_MATTER}>
          <header className="cw-reg-section__head">
            <h2 className="cw-reg-section__title">{CURRENT_MATTER}</h2>
          </header>
          {current ? (
            <div className="cw-reg-current__body">
              <button type="button" className="cw-reg-matter" onClick={() => onOpen(current)}>
                <MatterIcon matter={current} size={44} />
                <span className="cw-reg-matter__main">
                  <span className="cw-reg-matter__name">
                    {current.name}
                    <MustDoTag matter={current} />
                  </span>
                  {current.matterDescribe ? <span className="cw-reg-matter__desc">{current.matterDescribe}</span> : null}
                </span>
                <RightOutline className="cw-reg-matter__arrow" />
              </button>
              {view.currentState ? <StateBlock block={view.currentState} onVerify={() => onVerify(current)} verifying={verifying} /> : null}
            </div>
          ) : (
            <p className="cw-reg-current__none">{NO_CURRENT_MATTER}</p>
          )}
        </section>
        {list}
      </>
    );
  }

  // The student's own page.
  const idCard = state.student?.idCard ?? userQrCode ?? '';
  return (
    <>
      <OwnCard name={userName} number={userNumber} image={userImage} student={state.student} onQrCode={() => onQrCode(idCard)} qrLabel={view.qrEntryLabel} />
      {view.next ? (
        <section className="cw-reg-section cw-reg-next" aria-label={view.next.title}>
          <header className="cw-reg-section__head">
            <h2 className="cw-reg-section__title">{view.next.title}</h2>
          </header>
          <div className="cw-reg-current__body">
            <button type="button" className="cw-reg-matter" onClick={() => view.next && onOpen(view.next.matter)}>
              <MatterIcon matter={view.next.matter} size={44} />
              <span className="cw-reg-matter__main">
                <span className="cw-reg-matter__name">
                  {view.next.matter.name}
                  <MustDoTag matter={view.next.matter} />
                </span>
                {view.next.matter.matterDescribe ? <span className="cw-reg-matter__desc">{view.next.matter.matterDescribe}</span> : null}
              </span>
              <RightOutline className="cw-reg-matter__arrow" />
            </button>
            <StateBlock block={matterStateBlock(view.next.matter, 2)} />
          </div>
        </section>
      ) : (
        <section className="cw-reg-section cw-reg-done">
          <Result status="success" title={view.allDoneText} />
        </section>
      )}
      {list}
    </>
  );
}

function StudentCard({ student }: { student: RegistrationStudent }) {
  const describe = parseDescribe(student.describe);
  const line = [describe.organisation, describe.major, describe.className].filter((s) => s !== '').join(' · ');
  const batchName = (student as { batchName?: unknown }).batchName;
  return (
    <section className="cw-reg-student" aria-label={student.name}>
      <UserAvatar name={student.name} image={student.userImage} size={52} />
      <div className="cw-reg-student__main">
        <div className="cw-reg-student__name">
          <h2>{student.name}</h2>
          <span className="cw-reg-student__sex">{sexLabel(student.sex)}</span>
        </div>
        {student.number ? (
          <p className="cw-reg-student__line">
            {STUDENT_NUMBER} {student.number}
          </p>
        ) : null}
        {line ? <p className="cw-reg-student__line">{line}</p> : null}
        {typeof batchName === 'string' && batchName !== '' ? (
          <p className="cw-reg-student__batch">
            {BATCH}：{batchName}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function OwnCard({
  name,
  number,
  image,
  student,
  onQrCode,
  qrLabel,
}: {
  name: string;
  number: string;
  image: string | null;
  student: RegistrationStudent | null;
  onQrCode?: () => void;
  qrLabel?: string;
}) {
  const batchName = (student as { batchName?: unknown } | null)?.batchName;
  return (
    <section className="cw-reg-own" aria-label={MY_PROGRESS}>
      <div className="cw-reg-own__who">
        <UserAvatar name={name} image={image} size={52} className="cw-reg-own__avatar" />
        <div className="cw-reg-own__main">
          <h2>{name}</h2>
          <p>{[number, typeof batchName === 'string' ? batchName : ''].filter((s) => s !== '').join(' · ')}</p>
        </div>
      </div>
      {onQrCode && qrLabel ? (
        <button type="button" className="cw-reg-own__qr" onClick={onQrCode}>
          <span className="cw-reg-own__qr-icon" aria-hidden>
            <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor">
              <path d="M3 3h8v8H3V3zm2 2v4h4V5H5zm8-2h8v8h-8V3zm2 2v4h4V5h-4zM3 13h8v8H3v-8zm2 2v4h4v-4H5zm11-2h2v3h3v2h-3v3h-2v-3h-3v-2h3v-3zm3 6h2v2h-2v-2z" />
            </svg>
          </span>
          <span className="cw-reg-own__qr-text">
            <strong>{qrLabel}</strong>
            <small>{SHOW_QR_HINT}</small>
          </span>
          <RightOutline />
        </button>
      ) : null}
    </section>
  );
}
