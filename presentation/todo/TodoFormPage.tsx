import { Button, DatePicker, Form, Input, Stepper, Switch, TextArea, type TextAreaRef } from 'antd-mobile';
import { AddOutline, CloseCircleFill, RightOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useUnit } from 'effector-react';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useSearch } from 'wouter';
import { todoFormScreen, type TodoFieldErrors } from '../../application/todo/formModel';
import { formatDisplayDate } from '../../domain/shared/formats';
import {
  isReminderMinutesVisible,
  isReminderSwitchVisible,
  TODO_DESCRIPTION_MAX_LENGTH,
  TODO_NAME_MAX_LENGTH,
  TODO_REMINDER_MAX_MINUTES,
  TODO_REMINDER_MIN_MINUTES,
} from '../../domain/todo/form';
import { TODO_ACTION_LABELS, TODO_FIELD_LABELS, TODO_NAME_REQUIRED } from '../../domain/todo/messages';
import { isTodoDone, isTodoOvertime } from '../../domain/todo/state';
import type { TodoFile, TodoFormModel } from '../../domain/todo/types';
import { FileList, type FileListItem } from '../files';
import { PageLayout } from '../shared/layout';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import {
  ADD_ATTACHMENT,
  CLEAR_DEADLINE,
  CREATED_PREFIX,
  DEADLINE_PLACEHOLDER,
  DESCRIPTION_PLACEHOLDER,
  DONE_PREFIX,
  EXECUTOR_PREFIX,
  MINUTES_UNIT,
  STATE_DONE,
  STATE_OPEN,
  STATE_OVERTIME,
  TODO_ADD_TITLE,
  TODO_DETAIL_TITLE,
  TODO_EDIT_TITLE,
} from './strings';
import { usePrepareUpload } from '../shared/usePrepareUpload';
import './todo.css';

const DATE_UNITS: Record<string, string> = { year: '年', month: '月', day: '日', hour: '时', minute: '分' };

/** Where the deadline picker opens when none is set: tomorrow, on the hour. */
const suggestedDeadline = (): Date => dayjs().add(1, 'day').minute(0).second(0).millisecond(0).toDate();

const fileItem = (f: TodoFile): FileListItem => ({ uid: f.id, name: f.name, size: f.size, url: f.url, path: f.objectName ?? null });

/**
 * page/todo/add (SPEC point 2 "To-do list and form", points 4 and 5): the add form
 * without todoId; with todoId the item's detail and edit form. Everything it does is
 * its model's (application/todo/formModel.ts); this is the markup.
 */
export function TodoFormPage() {
  const search = useSearch();
  const todoId = useMemo(() => new URLSearchParams(search).get('todoId')?.trim() || null, [search]);
  const userId = useCurrentUser()?.id ?? '';
  const model = useScreenModel(todoFormScreen, { userId, todoId });
  const [item, form, uploads, errors, busy, loading, readOnly, actions] = useUnit([
    model.$item,
    model.$form,
    model.$uploads,
    model.$errors,
    model.$busy,
    model.$loading,
    model.$readOnly,
    model.$actions,
  ]);
  const on = useUnit({
    fieldsChanged: model.fieldsChanged,
    deadlineSet: model.deadlineSet,
    reminderToggled: model.reminderToggled,
    filesPicked: model.filesPicked,
    uploadRetried: model.uploadRetried,
    fileRenamed: model.fileRenamed,
    fileRemoved: model.fileRemoved,
    actionRequested: model.actionRequested,
  });
  const [pickerOpen, setPickerOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const prepareUpload = usePrepareUpload();
  const describeRef = useRef<TextAreaRef>(null);


  // antd-mobile puts aria-label on the TextArea's wrapper only: name the field itself.
  useEffect(() => {
    describeRef.current?.nativeElement?.setAttribute('aria-label', TODO_FIELD_LABELS.matterDescribe);
  });

  const update = (patch: Partial<TodoFormModel>, clears?: keyof TodoFieldErrors) => on.fieldsChanged({ patch, ...(clears ? { clears } : {}) });

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (picked.length > 0) on.filesPicked(picked);
  };

  const listed: FileListItem[] = [...form.files.map(fileItem), ...uploads];

  const title = todoId === null ? TODO_ADD_TITLE : readOnly ? TODO_DETAIL_TITLE : TODO_EDIT_TITLE;

  if (loading) {
    return (
      <PageLayout title={title}>
        <PageLoading />
      </PageLayout>
    );
  }

  const deadline = form.endTime ? formatDisplayDate(form.endTime) : '';
  const state = item ? (isTodoDone(item) ? STATE_DONE : isTodoOvertime(item) ? STATE_OVERTIME : STATE_OPEN) : null;

  return (
    <PageLayout title={title}>
      <div className="cw-todo-form">
        {item && state ? (
          <div className={`cw-todo-form__state cw-todo-form__state--${state === STATE_DONE ? 'done' : state === STATE_OVERTIME ? 'late' : 'open'}`}>
            <span className="cw-todo-form__state-label">{state}</span>
            <span className="cw-todo-form__state-meta">
              {item.todoTime ? `${DONE_PREFIX} ${formatDisplayDate(item.todoTime)}` : `${CREATED_PREFIX} ${formatDisplayDate(item.creationTime)}`}
              {item.executeName ? ` · ${EXECUTOR_PREFIX} ${item.executeName}` : ''}
            </span>
          </div>
        ) : null}
        <Form layout="vertical" mode="card" className="cw-todo-form__card">
          <Form.Item label={TODO_FIELD_LABELS.name} required={!readOnly} description={errors.name ? <FieldError text={errors.name} /> : null}>
            <Input
              aria-label={TODO_FIELD_LABELS.name}
              placeholder={TODO_NAME_REQUIRED}
              value={form.name}
              maxLength={TODO_NAME_MAX_LENGTH}
              onChange={(v) => update({ name: v }, 'name')}
              readOnly={readOnly}
              clearable={!readOnly}
            />
          </Form.Item>
          <Form.Item
            label={TODO_FIELD_LABELS.matterDescribe}
            description={errors.matterDescribe ? <FieldError text={errors.matterDescribe} /> : null}
          >
            {readOnly ? (
              <p className="cw-todo-form__text" aria-label={TODO_FIELD_LABELS.matterDescribe}>
                {form.matterDescribe || '-'}
              </p>
            ) : (
              <TextArea
                ref={describeRef}
                placeholder={DESCRIPTION_PLACEHOLDER}
                value={form.matterDescribe}
                maxLength={TODO_DESCRIPTION_MAX_LENGTH}
                showCount
                autoSize={{ minRows: 3, maxRows: 8 }}
                onChange={(v) => update({ matterDescribe: v }, 'matterDescribe')}
              />
            )}
          </Form.Item>
        </Form>
        <Form layout="horizontal" mode="card" className="cw-todo-form__card">
          <Form.Item
            label={TODO_FIELD_LABELS.endTime}
            clickable={!readOnly}
            arrowIcon={false}
            onClick={() => !readOnly && setPickerOpen(true)}
            extra={
              deadline && !readOnly ? (
                <button
                  type="button"
                  className="cw-icon-button cw-todo-form__clear"
                  aria-label={CLEAR_DEADLINE}
                  onClick={(e) => {
                    e.stopPropagation();
                    on.deadlineSet(null);
                  }}
                >
                  <CloseCircleFill />
                </button>
              ) : !readOnly ? (
                <RightOutline className="cw-todo-form__chevron" />
              ) : null
            }
          >
            <span className={deadline ? 'cw-todo-form__value' : 'cw-todo-form__placeholder'} aria-label={TODO_FIELD_LABELS.endTime} role="button">
              {deadline || (readOnly ? '-' : DEADLINE_PLACEHOLDER)}
            </span>
          </Form.Item>
          {isReminderSwitchVisible(form) ? (
            <Form.Item label={TODO_FIELD_LABELS.remind} childElementPosition="right">
              <Switch
                aria-label={TODO_FIELD_LABELS.remind}
                checked={form.remindEnabled}
                disabled={readOnly}
                onChange={(checked) => void on.reminderToggled(checked)}
              />
            </Form.Item>
          ) : null}
          {isReminderMinutesVisible(form) ? (
            <Form.Item
              label={TODO_FIELD_LABELS.remindNum}
              childElementPosition="right"
              description={errors.remindNum ? <FieldError text={errors.remindNum} /> : null}
            >
              {readOnly ? (
                <span className="cw-todo-form__value">
                  {form.remindNum} {MINUTES_UNIT}
                </span>
              ) : (
                <span className="cw-todo-form__minutes">
                  <Stepper
                    aria-label={TODO_FIELD_LABELS.remindNum}
                    min={TODO_REMINDER_MIN_MINUTES}
                    max={TODO_REMINDER_MAX_MINUTES}
                    step={5}
                    digits={0}
                    allowEmpty
                    value={Number.isFinite(form.remindNum) ? form.remindNum : null}
                    onChange={(v) => update({ remindNum: typeof v === 'number' ? v : Number.NaN }, 'remindNum')}
                  />
                  <span className="cw-todo-form__unit">{MINUTES_UNIT}</span>
                </span>
              )}
            </Form.Item>
          ) : null}
        </Form>
        <section className="cw-todo-form__files adm-form-card" aria-label={TODO_FIELD_LABELS.files}>
          <div className="cw-todo-form__files-head">
            <span>{TODO_FIELD_LABELS.files}</span>
            {!readOnly ? (
              <Button size="small" color="primary" fill="outline" shape="rounded" onClick={() => fileInput.current?.click()}>
                <AddOutline /> {ADD_ATTACHMENT}
              </Button>
            ) : null}
            <input ref={fileInput} type="file" multiple hidden aria-label={ADD_ATTACHMENT} onClick={prepareUpload} onChange={onPick} />
          </div>
          <FileList
            files={listed}
            emptyText={readOnly ? '-' : undefined}
            onRename={readOnly ? undefined : (file, name) => on.fileRenamed({ uid: file.uid, name })}
            onDelete={readOnly ? undefined : (file) => void on.fileRemoved(file.uid)}
            onRetry={(file) => on.uploadRetried(file.uid)}
          />
        </section>
      </div>
      <div className="cw-todo-form__footer">
        {actions.map((action) => (
          <Button
            key={action}
            className={`cw-todo-form__action cw-todo-form__action--${action}`}
            color={action === 'delete' ? 'danger' : 'primary'}
            fill={action === 'save' || action === 'restore' ? 'solid' : 'outline'}
            shape="rounded"
            loading={busy === action}
            disabled={busy !== null && busy !== action}
            onClick={() => void on.actionRequested(action)}
          >
            {TODO_ACTION_LABELS[action]}
          </Button>
        ))}
      </div>
      <DatePicker
        title={TODO_FIELD_LABELS.endTime}
        visible={pickerOpen}
        precision="minute"
        mouseWheel
        value={form.endTime ?? suggestedDeadline()}
        renderLabel={(type, data) => `${type === 'month' || type === 'day' || type === 'hour' || type === 'minute' ? String(data).padStart(2, '0') : data}${DATE_UNITS[type] ?? ''}`}
        onClose={() => setPickerOpen(false)}
        onConfirm={(date) => on.deadlineSet(date)}
      />
    </PageLayout>
  );
}

function FieldError({ text }: { text: string }) {
  return (
    <span className="cw-field-error" role="alert">
      {text}
    </span>
  );
}
