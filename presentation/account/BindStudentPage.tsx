import { Button, Form, Input, Picker } from 'antd-mobile';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { bindStudentScreen } from '../../application/account/bindStudentModel';
import type { SignedInUser } from '../../application/session/ports';
import { RELATIONSHIP_OPTIONS, relationshipLabel } from '../../domain/account/binding';
import { ALL_FIELDS_REQUIRED_NOTE, CONFIRM_BINDING } from '../../domain/account/messages';
import { useScreenModel } from '../shared/screenModel';
import { useCampuses, useCurrentUser } from '../shared/session';
import {
  BIND_INTRO,
  ENTER_ID_CARD,
  ENTER_STUDENT_NAME,
  LABEL_CAMPUS,
  LABEL_ID_CARD,
  LABEL_RELATION,
  LABEL_STUDENT_NAME,
  PICK_CAMPUS,
  PICK_RELATION,
} from './strings';
import './account.css';

/**
 * page/bindStudent (SPEC point 2 "Account and security", point 5): campus, student
 * name, ID number and relationship (家长 … 外婆), all required (项目均为必填项,
 * 请将项目信息填写完整), at most 5 students; 确认绑定, then 绑定成功 and back. Everything
 * it does is its model's (application/account/bindStudentModel.ts).
 */
export function BindStudentPage() {
  const user = useCurrentUser() as SignedInUser | null;
  const { campuses, campusId } = useCampuses();
  const model = useScreenModel(bindStudentScreen, { campusId, tenantId: user?.tenantId });
  const [form, busy] = useUnit([model.$form, model.$busy]);
  const [change, submit] = useUnit([model.formChanged, model.submitted]);
  const [picker, setPicker] = useState<'campus' | 'relation' | null>(null);
  const campus = campuses.find((c) => c.id === form.campusId) ?? null;
  const relation = relationshipLabel(form.type);

  return (
    <div className="cw-acc cw-bind-student">
      <p className="cw-acc-intro">{BIND_INTRO}</p>
      <Form layout="horizontal" mode="card" className="cw-acc-form">
        <PickerItem label={LABEL_CAMPUS} choice={campus ? campus.name : null} placeholder={PICK_CAMPUS} onOpen={() => setPicker('campus')} />
        <TextItem label={LABEL_STUDENT_NAME} placeholder={ENTER_STUDENT_NAME} value={form.studentName} maxLength={50} onChange={(studentName) => change({ studentName })} />
        <TextItem label={LABEL_ID_CARD} placeholder={ENTER_ID_CARD} value={form.studentIdCard} maxLength={18} onChange={(studentIdCard) => change({ studentIdCard })} />
        <PickerItem label={LABEL_RELATION} choice={relation} placeholder={PICK_RELATION} onOpen={() => setPicker('relation')} />
      </Form>
      <p className="cw-acc-note">
        <InformationCircleOutline />
        <span>{ALL_FIELDS_REQUIRED_NOTE}</span>
      </p>
      <div className="cw-acc-actions">
        <Button block color="primary" shape="rounded" size="large" loading={busy} disabled={busy} onClick={() => submit()}>
          {CONFIRM_BINDING}
        </Button>
      </div>

      <Picker
        title={LABEL_CAMPUS}
        destroyOnClose
        visible={picker === 'campus'}
        columns={[campuses.map((c) => ({ label: c.name, value: c.id }))]}
        value={form.campusId ? [form.campusId] : []}
        onClose={() => setPicker(null)}
        onConfirm={([value]) => (typeof value === 'string' ? change({ campusId: value }) : undefined)}
      />
      <Picker
        title={LABEL_RELATION}
        destroyOnClose
        visible={picker === 'relation'}
        columns={[RELATIONSHIP_OPTIONS.map((o) => ({ label: o.label, value: String(o.value) }))]}
        value={form.type !== null ? [String(form.type)] : []}
        onClose={() => setPicker(null)}
        onConfirm={([value]) => (value === null || value === undefined ? undefined : change({ type: Number(value) }))}
      />
    </div>
  );
}

/** A required field chosen in a picker: the choice, or what to pick while there is none. */
function PickerItem({ label, choice, placeholder, onOpen }: { label: string; choice: string | null; placeholder: string; onOpen: () => void }) {
  return (
    <Form.Item label={label} required clickable arrowIcon onClick={onOpen}>
      <button type="button" className="cw-acc-picker" aria-label={label} aria-haspopup="dialog">
        {choice !== null ? <span>{choice}</span> : <span className="cw-acc-placeholder">{placeholder}</span>}
      </button>
    </Form.Item>
  );
}

/** A required text field. */
function TextItem(props: { label: string; placeholder: string; value: string; maxLength: number; onChange: (value: string) => void }) {
  return (
    <Form.Item label={props.label} required>
      <Input aria-label={props.label} placeholder={props.placeholder} value={props.value} onChange={props.onChange} maxLength={props.maxLength} clearable />
    </Form.Item>
  );
}
