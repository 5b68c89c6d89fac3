import { Button, DatePicker, Input, Picker, Popup, Selector } from 'antd-mobile';
import { CloseCircleFill, RightOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { ApprovalCenterModel } from '../../application/approval';
import { $selections, doneSelection, selectionConsumed, selectionRequested } from '../../application/selectors';
import {
  FILTER_CREATED_END,
  FILTER_CREATED_START,
  FILTER_FLOW,
  FILTER_FORM_FIELD,
  FILTER_INITIATOR,
  FILTER_OVER_END,
  FILTER_OVER_START,
  FILTER_QUERY,
  FILTER_RESET,
  FILTER_STATE,
  FILTER_TITLE,
  FILTER_TITLE_OR_NUMBER,
  FILTER_USER_TYPE,
  FLOW_STATES,
  flowStateLabel,
  formatDisplayTime,
  formatQueryDate,
  showStateFilter,
  type ApprovalFilter,
} from '../../domain/approval';
import { DIALOG_CANCEL, DIALOG_CONFIRM } from '../../domain/shared/messages';
import { USER_TYPE_LABELS } from '../../domain/session/messages';
import { selectorPath } from '../selectors';
import { CLEAR, FORM_FIELD_PLACEHOLDER, PLEASE_INPUT, PLEASE_SELECT } from './strings';

/** The selection-channel key of the 发起人 field. */
export const INITIATOR_SELECTION_KEY = 'approval:filter:initiator';

/**
 * Decided: initiators are chosen on the people selector of their user type: staff on
 * the staff directory (code staff), everyone else on the school's people selector
 * (code people), whose tabs cover students and other members.
 */
const initiatorSelectorCode = (userType: number): string => (userType === 1 ? 'staff' : 'people');

const USER_TYPES = Object.entries(USER_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label }));

type DateKey = 'createdDateStart' | 'createdDateEnd' | 'overDateStart' | 'overDateEnd';
const DATE_FIELDS: readonly { key: DateKey; label: string }[] = [
  { key: 'createdDateStart', label: FILTER_CREATED_START },
  { key: 'createdDateEnd', label: FILTER_CREATED_END },
  { key: 'overDateStart', label: FILTER_OVER_START },
  { key: 'overDateEnd', label: FILTER_OVER_END },
];

const MIN_DATE = new Date(2000, 0, 1);
const MAX_DATE = new Date(2099, 11, 31, 23, 59);

export interface FilterPopupProps {
  readonly model: ApprovalCenterModel;
  readonly tab: number;
  /** The centre is opened for one flow: the 流程 field is fixed and hidden. */
  readonly scopedToFlow: boolean;
}

function Row({ label, children, htmlFor }: { label: string; children: React.ReactNode; htmlFor?: string }) {
  return (
    <div className="cw-ap-filter__row">
      {htmlFor ? (
        <label className="cw-ap-filter__label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <div className="cw-ap-filter__label" id={`cw-ap-filter-${label}`}>
          {label}
        </div>
      )}
      <div className="cw-ap-filter__control">{children}</div>
    </div>
  );
}

function Trigger({ label, text, onOpen, onClear, placeholder }: { label: string; text: string; onOpen: () => void; onClear?: () => void; placeholder?: string }) {
  return (
    <div className="cw-ap-filter__trigger-wrap">
      <button type="button" className={`cw-ap-filter__trigger${text ? '' : ' cw-ap-filter__trigger--empty'}`} aria-label={label} onClick={onOpen}>
        <span className="cw-ap-filter__trigger-text">{text || (placeholder ?? `${PLEASE_SELECT}${label}`)}</span>
        {text && onClear ? null : <RightOutline className="cw-ap-filter__chevron" aria-hidden="true" />}
      </button>
      {text && onClear ? (
        <button type="button" className="cw-ap-filter__clear" aria-label={`${CLEAR}${label}`} onClick={onClear}>
          <CloseCircleFill />
        </button>
      ) : null}
    </div>
  );
}

/**
 * The 筛选 popup (SPEC point 2): 状态 (not on the to-do tab), 流程, 用户类型, 发起人 (a user
 * type first: 请先选择用户类型), 标题/流水号, 表单字段, the four date-time fields, 重置 and
 * 查询. Its draft lives in the list model, so the trip to the people selector keeps it.
 */
export function FilterPopup({ model, tab, scopedToFlow }: FilterPopupProps) {
  const [open, draft, flows, knownNames, initiatorProblem] = useUnit([
    model.$filterOpen,
    model.$filterDraft,
    model.$flowOptions,
    model.$initiatorNames,
    model.$initiatorProblem,
  ]);
  const on = useUnit({
    draftChanged: model.filterDraftChanged,
    closed: model.filterClosed,
    applied: model.filterApplied,
    reset: model.filterReset,
    userTypeChosen: model.userTypeChosen,
    initiatorsRefused: model.initiatorsRefused,
  });
  const initiatorsChosen = useUnit(model.initiatorsChosen);
  const [entries, request, consume] = useUnit([$selections, selectionRequested, selectionConsumed]);
  const [, navigate] = useLocation();
  const [picker, setPicker] = useState<'flow' | DateKey | null>(null);

  // The people selector's answer comes back under our key.
  const chosen = doneSelection(entries, INITIATOR_SELECTION_KEY);
  useEffect(() => {
    if (!chosen) return;
    consume(INITIATOR_SELECTION_KEY);
    initiatorsChosen(chosen);
  }, [chosen, consume, initiatorsChosen]);

  const patch = (p: Partial<ApprovalFilter>) => on.draftChanged({ ...draft, ...p });
  const initiators = draft.initiateUser ?? [];
  const nameOf = (id: string): string => knownNames[id] ?? id;

  const chooseInitiators = () => {
    if (initiatorProblem !== null || typeof draft.userType !== 'number') {
      on.initiatorsRefused();
      return;
    }
    request({
      key: INITIATOR_SELECTION_KEY,
      request: {
        code: initiatorSelectorCode(draft.userType),
        title: FILTER_INITIATOR,
        multiple: true,
        selected: initiators.map((id) => ({ id, name: nameOf(id), type: 0 })),
      },
    });
    navigate(selectorPath(INITIATOR_SELECTION_KEY));
  };

  const flowName = flows?.find((f) => f.id === draft.flowId)?.name ?? '';
  const activeDate = picker !== null && picker !== 'flow' ? picker : null;
  const dateValue = (key: DateKey): Date | null => {
    const v = draft[key];
    return typeof v === 'string' && v !== '' ? new Date(v) : null;
  };

  return (
    <Popup
      visible={open}
      onMaskClick={() => on.closed()}
      onClose={() => on.closed()}
      position="bottom"
      bodyClassName="cw-ap-filter"
      destroyOnClose={false}
    >
      <div role="dialog" aria-label={FILTER_TITLE} className="cw-ap-filter__dialog">
        <header className="cw-ap-filter__head">
          <h2 className="cw-ap-filter__title">{FILTER_TITLE}</h2>
          <button type="button" className="cw-ap-filter__close" aria-label={DIALOG_CANCEL} onClick={() => on.closed()}>
            ×
          </button>
        </header>
        <div className="cw-ap-filter__body">
          {showStateFilter(tab) ? (
            <Row label={FILTER_STATE}>
              <Selector
                aria-labelledby={`cw-ap-filter-${FILTER_STATE}`}
                className="cw-ap-filter__chips"
                columns={3}
                options={FLOW_STATES.map((s) => ({ value: String(s), label: flowStateLabel(s) ?? '' }))}
                value={typeof draft.state === 'number' ? [String(draft.state)] : []}
                onChange={(v) => patch({ state: v.length > 0 ? Number(v[0]) : null })}
              />
            </Row>
          ) : null}
          {scopedToFlow ? null : (
            <Row label={FILTER_FLOW}>
              <Trigger label={FILTER_FLOW} text={flowName} onOpen={() => setPicker('flow')} onClear={() => patch({ flowId: null })} />
            </Row>
          )}
          <Row label={FILTER_USER_TYPE}>
            <Selector
              className="cw-ap-filter__chips"
              columns={3}
              options={USER_TYPES.map((t) => ({ value: String(t.value), label: t.label }))}
              value={typeof draft.userType === 'number' ? [String(draft.userType)] : []}
              onChange={(v) => on.userTypeChosen(v.length > 0 ? Number(v[0]) : null)}
            />
          </Row>
          <Row label={FILTER_INITIATOR}>
            <Trigger
              label={FILTER_INITIATOR}
              text={initiators.map(nameOf).join('、')}
              onOpen={chooseInitiators}
              onClear={() => patch({ initiateUser: [] })}
            />
          </Row>
          <Row label={FILTER_TITLE_OR_NUMBER} htmlFor="cw-ap-filter-title">
            <Input
              id="cw-ap-filter-title"
              className="cw-ap-filter__input"
              placeholder={`${PLEASE_INPUT}${FILTER_TITLE_OR_NUMBER}`}
              value={draft.titleOrNumber ?? ''}
              maxLength={100}
              clearable
              onChange={(v) => patch({ titleOrNumber: v })}
            />
          </Row>
          <Row label={FILTER_FORM_FIELD} htmlFor="cw-ap-filter-form">
            <Input
              id="cw-ap-filter-form"
              className="cw-ap-filter__input"
              placeholder={FORM_FIELD_PLACEHOLDER}
              value={draft.formData ?? ''}
              maxLength={100}
              clearable
              onChange={(v) => patch({ formData: v })}
            />
          </Row>
          <div className="cw-ap-filter__dates">
            {DATE_FIELDS.map((f) => (
              <Row key={f.key} label={f.label}>
                <Trigger
                  label={f.label}
                  text={formatDisplayTime(draft[f.key]) ?? ''}
                  placeholder={PLEASE_SELECT}
                  onOpen={() => setPicker(f.key)}
                  onClear={() => patch({ [f.key]: null })}
                />
              </Row>
            ))}
          </div>
        </div>
        <footer className="cw-ap-filter__foot">
          <Button block shape="rounded" onClick={() => void on.reset()}>
            {FILTER_RESET}
          </Button>
          <Button block shape="rounded" color="primary" onClick={() => void on.applied(draft)}>
            {FILTER_QUERY}
          </Button>
        </footer>
      </div>
      <Picker
        visible={picker === 'flow'}
        title={FILTER_FLOW}
        columns={[(flows ?? []).map((f) => ({ label: f.name, value: f.id }))]}
        value={draft.flowId ? [draft.flowId] : []}
        confirmText={DIALOG_CONFIRM}
        cancelText={DIALOG_CANCEL}
        onClose={() => setPicker(null)}
        onConfirm={(v) => patch({ flowId: typeof v[0] === 'string' ? v[0] : null })}
      />
      <DatePicker
        visible={activeDate !== null}
        title={DATE_FIELDS.find((f) => f.key === activeDate)?.label}
        precision="minute"
        min={MIN_DATE}
        max={MAX_DATE}
        value={activeDate ? dateValue(activeDate) : null}
        confirmText={DIALOG_CONFIRM}
        cancelText={DIALOG_CANCEL}
        onClose={() => setPicker(null)}
        onConfirm={(d) => {
          if (activeDate) patch({ [activeDate]: formatQueryDate(d) });
        }}
      />
    </Popup>
  );
}
