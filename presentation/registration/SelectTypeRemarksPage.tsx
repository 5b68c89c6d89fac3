import { Button, Form, Selector, TextArea, Toast } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { ApiError, messageOf } from '../../application/ports/errors';
import type { Navigator } from '../../application/ports/runtime';
import { NAVIGATOR } from '../../application/ports/tokens';
import { REGISTRATION_API, type RegistrationApi } from '../../application/registration/ports';
import { backCountOf, loadMatter, verifyMatter } from '../../application/registration/useCases';
import { FILL_REMARK, REMARK_TOO_LONG, SELECT_ITEMS, SELECT_TYPE, VERIFY_PASS } from '../../domain/registration/messages';
import { initialRemarkForm, REMARK_MAX_LENGTH, remarkFormSpec } from '../../domain/registration/remarks';
import type { Matter, RemarkForm } from '../../domain/registration/types';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
import { useCurrentUser } from '../shared/session';
import { LOAD_FAILED, RETRY } from '../shared/strings';
import { MatterIcon, MustDoTag } from './MatterParts';
import { LABEL_ITEMS, LABEL_REMARK, LABEL_TYPE, REMARK_OPTIONAL, REMARK_PLACEHOLDER, STUDENT_NUMBER } from './strings';
import './registration.css';

type Load = { status: 'loading' } | { status: 'ready'; matter: Matter } | { status: 'error'; message: string };
type Field = 'items' | 'types' | 'remark';

/** Which field a rule's message belongs to, so it shows under that field. */
const FIELD_OF: Readonly<Record<string, Field>> = {
  [SELECT_ITEMS]: 'items',
  [SELECT_TYPE]: 'types',
  [FILL_REMARK]: 'remark',
  [REMARK_TOO_LONG]: 'remark',
};

/**
 * page/student/report/checkFee/selectTypeRemarks?idCard&id&backCount (SPEC point 2,
 * point 5 "Registration remark form"): the sub-items (请选择项目), the type
 * (请选择类型) and the remark (请填写备注 when mode 2, at most 500) before 核验通过;
 * after the pass it goes back backCount entries.
 */
export function SelectTypeRemarksPage() {
  const api = useInjection<RegistrationApi>(REGISTRATION_API);
  const navigator = useInjection<Navigator>(NAVIGATOR);
  const user = useCurrentUser();
  const params = new URLSearchParams(useSearch());
  const matterId = (params.get('id') ?? '').trim();
  const number = (params.get('idCard') ?? '').trim();
  const backCount = backCountOf(params.get('backCount'));
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const controller = useRef<AbortController | null>(null);

  const fetchMatter = useCallback(async () => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setLoad({ status: 'loading' });
    try {
      const matter = await loadMatter({ api }, { userType: user?.userType, matterId, number }, { signal: ac.signal });
      if (!ac.signal.aborted) setLoad({ status: 'ready', matter });
    } catch (e) {
      if ((e instanceof ApiError && e.cancelled) || ac.signal.aborted) return;
      Toast.show({ icon: 'fail', content: messageOf(e) });
      setLoad({ status: 'error', message: messageOf(e) });
    }
  }, [api, user?.userType, matterId, number]);

  useEffect(() => {
    void fetchMatter();
    return () => controller.current?.abort();
  }, [fetchMatter]);

  if (load.status === 'loading') return <PageLoading />;
  if (load.status === 'error') return <ErrorState title={LOAD_FAILED} description={load.message} actionText={RETRY} onAction={() => void fetchMatter()} />;
  return (
    <RemarkFormView
      matter={load.matter}
      number={number}
      onSubmit={(form) => verifyMatter({ api }, number, load.matter, form)}
      onDone={() => navigator.back(backCount)}
    />
  );
}

function RemarkFormView({
  matter,
  number,
  onSubmit,
  onDone,
}: {
  matter: Matter;
  number: string;
  onSubmit: (form: RemarkForm) => ReturnType<typeof verifyMatter>;
  onDone: () => void;
}) {
  const spec = useMemo(() => remarkFormSpec(matter), [matter]);
  const [form, setForm] = useState<RemarkForm>(() => initialRemarkForm(matter));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const change = (patch: Partial<RemarkForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as Field[]) delete next[key];
      return next;
    });
  };

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await onSubmit(form);
      if (outcome.ok) {
        Toast.show({ icon: 'success', content: outcome.toast });
        onDone();
        return;
      }
      if (outcome.cancelled) return;
      const field = FIELD_OF[outcome.message];
      if (field) setErrors({ [field]: outcome.message });
      Toast.show({ icon: 'fail', content: outcome.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cw-reg cw-reg-remarks cw-reg-detail--footer">
      <header className="cw-reg-detail__head">
        <MatterIcon matter={matter} size={52} />
        <div className="cw-reg-detail__title">
          <h2>
            {matter.name}
            <MustDoTag matter={matter} />
          </h2>
          <p>
            {STUDENT_NUMBER} {number}
          </p>
        </div>
      </header>
      <Form layout="vertical" className="cw-reg-remarks__form" mode="card">
        {spec.itemOptions.length > 0 ? (
          <Form.Item label={LABEL_ITEMS} required description={errors.items ? <span className="cw-form-error">{errors.items}</span> : undefined}>
            <Selector
              multiple
              aria-label={LABEL_ITEMS}
              options={spec.itemOptions.map((o) => ({ label: o, value: o }))}
              value={form.items}
              onChange={(items) => change({ items })}
            />
          </Form.Item>
        ) : null}
        {spec.typeOptions.length > 0 ? (
          <Form.Item label={LABEL_TYPE} required description={errors.types ? <span className="cw-form-error">{errors.types}</span> : undefined}>
            <Selector
              aria-label={LABEL_TYPE}
              options={spec.typeOptions.map((o) => ({ label: o, value: o }))}
              value={form.types.slice(0, 1)}
              onChange={(types) => change({ types: types.slice(0, 1) })}
            />
          </Form.Item>
        ) : null}
        {spec.remarkVisible ? (
          <Form.Item
            label={
              <span>
                {LABEL_REMARK}
                {spec.remarkRequired ? null : <span className="cw-reg-remarks__optional">{REMARK_OPTIONAL}</span>}
              </span>
            }
            required={spec.remarkRequired}
            description={errors.remark ? <span className="cw-form-error">{errors.remark}</span> : undefined}
          >
            <TextArea
              aria-label={LABEL_REMARK}
              placeholder={REMARK_PLACEHOLDER}
              value={form.remark}
              onChange={(remark) => change({ remark })}
              maxLength={REMARK_MAX_LENGTH}
              showCount
              autoSize={{ minRows: 3, maxRows: 6 }}
            />
          </Form.Item>
        ) : null}
      </Form>
      <footer className="cw-reg-footer">
        <Button block color="primary" shape="rounded" size="large" loading={busy} disabled={busy} onClick={() => void submit()}>
          {VERIFY_PASS}
        </Button>
      </footer>
    </div>
  );
}
