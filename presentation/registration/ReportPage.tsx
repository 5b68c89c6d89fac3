import { Button, ErrorBlock, Result, SearchBar } from 'antd-mobile';
import { RightOutline, ScanningOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useSearch } from 'wouter';
import type { RegistrationStudent } from '../../application/registration/ports';
import { reportScreen, type ReportState } from '../../application/registration/reportModel';
import { reportNumberOf } from '../../application/registration/routes';
import { matterProgress, matterStateBlock, registrationViewer, type RegistrationView } from '../../domain/registration/matter';
import { sexLabel, parseDescribe } from '../../domain/registration/student';
import type { Matter } from '../../domain/registration/types';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
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
import { PullRefresh } from '../shared/PullRefresh';
import './registration.css';

/**
 * page/student/report (SPEC point 2 "Student registration", point 6): the verifier
 * (userType 1) looks a student up by number or scanned code and passes the current
 * matter (核验通过); a student (2) sees 我的二维码 and the next step or 恭喜…; anyone
 * else the waiting message; 当前不在报到时间范围 outside the period. Everything it does
 * is its model's (application/registration/reportModel.ts); this is the markup.
 */
export function ReportPage() {
  const user = useCurrentUser();
  const number = reportNumberOf(useSearch());
  const userType = user?.userType;
  const model = useScreenModel(reportScreen, { userType, number });
  const [view, text, verifying, refreshing] = useUnit([model.$view, model.$searchText, model.$verifying, model.$refreshing]);
  const on = useUnit({
    
    retried: model.retried,
    refresh: model.refreshFx,
    refreshPressed: model.refreshPressed,
    searchTextChanged: model.searchTextChanged,
    lookedUp: model.lookedUp,
    scanPressed: model.scanPressed,
    matterOpened: model.matterOpened,
    qrCodeOpened: model.qrCodeOpened,
    verifyRequested: model.verifyRequested,
  });


  const state = view.kind === 'ready' ? view.data : null;
  const isVerifier = registrationViewer(userType) === 1;

  const body = (() => {
    if (view.kind === 'loading') return <PageLoading />;
    if (view.kind === 'failed') return <ErrorState title={LOAD_FAILED} description={view.message} actionText={RETRY} onAction={() => on.retried()} />;
    if (!state) return null;
    if (state.kind === 'search') {
      return (
        <div className="cw-reg-search-empty">
          <button type="button" className="cw-reg-search-empty__scan" onClick={() => on.scanPressed()} aria-label={SCAN_STUDENT}>
            <ScanningOutline fontSize={40} />
          </button>
          <p>{STUDENT_SEARCH_HINT}</p>
        </div>
      );
    }
    return (
      <ReportBody
        state={state}
        onOpen={(matter) => on.matterOpened(matter)}
        onVerify={(matter) => on.verifyRequested(matter)}
        verifying={verifying}
        refreshing={refreshing}
        onRefresh={() => on.refreshPressed()}
        onQrCode={(idCard) => on.qrCodeOpened(idCard)}
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
            onChange={(value) => on.searchTextChanged(value)}
            onSearch={(value) => on.lookedUp(value)}
            maxLength={100}
            aria-label={STUDENT_SEARCH_PLACEHOLDER}
          />
          <button type="button" className="cw-icon-button cw-reg-searchbar__scan" aria-label={SCAN_STUDENT} onClick={() => on.scanPressed()}>
            <ScanningOutline fontSize={22} />
          </button>
        </div>
      ) : null}
      {state && state.kind === 'loaded' ? (
        <PullRefresh onRefresh={() => on.refresh()}>
          <div className="cw-reg__scroll">{body}</div>
        </PullRefresh>
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
  refreshing: boolean;
  onRefresh: () => void;
  onQrCode: (idCard: string) => void;
  userQrCode: string | null;
  userName: string;
  userNumber: string;
  userImage: string | null;
}

function ReportBody({ state, onOpen, onVerify, verifying, refreshing, onRefresh, onQrCode, userQrCode, userName, userNumber, userImage }: ReportBodyProps) {
  const view: RegistrationView = state.view;
  const matters = state.answer?.matterHands ?? [];

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
          <Button size="mini" fill="outline" color="primary" shape="rounded" loading={refreshing} onClick={onRefresh}>
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
