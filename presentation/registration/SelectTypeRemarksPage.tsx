import { Button, Form, Selector, TextArea } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { remarksScreen } from '../../application/registration/remarksModel';
import { matterQueryOf } from '../../application/registration/routes';
import { VERIFY_PASS } from '../../domain/registration/messages';
import { REMARK_MAX_LENGTH } from '../../domain/registration/remarks';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { LOAD_FAILED, RETRY } from '../shared/strings';
import { MatterHead } from './MatterParts';
import { LABEL_ITEMS, LABEL_REMARK, LABEL_TYPE, REMARK_OPTIONAL, REMARK_PLACEHOLDER, STUDENT_NUMBER } from './strings';
import './registration.css';

/**
 * page/student/report/checkFee/selectTypeRemarks?idCard&id&backCount (SPEC point 2,
 * point 5 "Registration remark form"): the sub-items (请选择项目), the type
 * (请选择类型) and the remark (请填写备注 when mode 2, at most 500) before 核验通过;
 * after the pass it goes back backCount entries. Everything it does is its model's
 * (application/registration/remarksModel.ts); this is the markup.
 */
export function SelectTypeRemarksPage() {
  const user = useCurrentUser();
  const search = useSearch();
  const { matterId, number, backCount } = useMemo(() => matterQueryOf(search), [search]);
  const model = useScreenModel(remarksScreen, { userType: user?.userType, matterId, number, backCount });
  const [view, spec, form, errors, busy] = useUnit([model.$view, model.$spec, model.$form, model.$errors, model.$busy]);
  const on = useUnit({ retried: model.retried, formChanged: model.formChanged, submitted: model.submitted });


  if (view.kind === 'failed') return <ErrorState title={LOAD_FAILED} description={view.message} actionText={RETRY} onAction={() => on.retried()} />;
  if (view.kind === 'loading' || spec === null) return <PageLoading />;
  const matter = view.data;
  const change = on.formChanged;

  return (
    <div className="cw-reg cw-reg-remarks cw-reg-detail--footer">
      <MatterHead matter={matter}>
        <p>
          {STUDENT_NUMBER} {number}
        </p>
      </MatterHead>
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
        <Button block color="primary" shape="rounded" size="large" loading={busy} disabled={busy} onClick={() => on.submitted()}>
          {VERIFY_PASS}
        </Button>
      </footer>
    </div>
  );
}
