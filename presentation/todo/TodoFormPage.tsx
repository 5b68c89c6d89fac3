import { Button, DatePicker, Dialog, Form, Input, Stepper, Switch, TextArea, Toast, type TextAreaRef } from 'antd-mobile';
import { AddOutline, CloseCircleFill, RightOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { messageOf } from '../../application/ports/errors';
import type { KeyValueStorage } from '../../application/ports/runtime';
import { KEY_VALUE_STORAGE, UPLOADER } from '../../application/ports/tokens';
import type { Uploader } from '../../application/ports/upload';
import { TODO_API, type TodoApi, type TodoItem } from '../../application/todo/ports';
import {
  clearTodoDraft,
  completeTodo,
  deleteTodo,
  isCancelled,
  loadTodo,
  loadTodoDraft,
  openTodoTarget,
  restoreTodo,
  saveTodo,
  saveTodoDraft,
  uploadTodoAttachment,
} from '../../application/todo/useCases';
import { FILE_CHECK_STATUS } from '../../domain/forms/messages';
import { formatDisplayDate } from '../../domain/shared/formats';
import {
  emptyTodoForm,
  isReminderMinutesVisible,
  isReminderSwitchVisible,
  setTodoDeadline,
  setTodoReminder,
  todoFormFromItem,
  TODO_DESCRIPTION_MAX_LENGTH,
  TODO_NAME_MAX_LENGTH,
  TODO_REMINDER_MAX_MINUTES,
  TODO_REMINDER_MIN_MINUTES,
  validateReminderMinutes,
  validateTodoDescription,
  validateTodoName,
} from '../../domain/todo/form';
import { DELETE_SUCCESS, SAVE_SUCCESS, TODO_ACTION_LABELS, TODO_FIELD_LABELS, TODO_NAME_REQUIRED } from '../../domain/todo/messages';
import { isApprovalTodo, isTodoDone, isTodoOvertime, isTodoReadOnly, todoFormActions, type TodoFormAction } from '../../domain/todo/state';
import type { TodoFile, TodoFormModel } from '../../domain/todo/types';
import { FileList, type FileListItem } from '../files';
import { useInjection } from '../shared/di';
import { PageLayout } from '../shared/layout';
import { useBack } from '../shared/navigation';
import { PageLoading } from '../shared/PageLoading';
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
  TODO_DELETE_CONFIRM_CONTENT,
  TODO_DELETE_CONFIRM_TITLE,
  TODO_DETAIL_TITLE,
  TODO_EDIT_TITLE,
} from './strings';
import './todo.css';

/** An attachment still uploading or failed; done ones move into the form's files. */
interface UploadRow extends FileListItem {
  readonly source: File;
}

type FieldErrors = Partial<Record<'name' | 'matterDescribe' | 'remindNum', string>>;

let uidCounter = 0;
const newUid = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `todo-upload-${Date.now()}-${uidCounter++}`;

const DATE_UNITS: Record<string, string> = { year: '年', month: '月', day: '日', hour: '时', minute: '分' };

/** Where the deadline picker opens when none is set: tomorrow, on the hour. */
const suggestedDeadline = (): Date => dayjs().add(1, 'day').minute(0).second(0).millisecond(0).toDate();

const fileItem = (f: TodoFile): FileListItem => ({ uid: f.id, name: f.name, size: f.size, url: f.url, path: f.objectName ?? null });

/**
 * page/todo/add (SPEC point 2 "To-do list and form", points 4 and 5): the add form
 * without todoId; with todoId the item's detail and edit form, read-only with only
 * 删除 and 恢复 when done or overdue. A failed detail load goes back. The add form keeps
 * a local draft per user, so a reload or an error never loses the input.
 */
export function TodoFormPage() {
  const search = useSearch();
  const todoId = useMemo(() => new URLSearchParams(search).get('todoId')?.trim() || null, [search]);
  const api = useInjection<TodoApi>(TODO_API);
  const uploader = useInjection<Uploader>(UPLOADER);
  const storage = useInjection<KeyValueStorage>(KEY_VALUE_STORAGE);
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const back = useBack();
  const [, navigate] = useLocation();

  const [item, setItem] = useState<TodoItem | null>(null);
  const [loading, setLoading] = useState(todoId !== null);
  const [form, setForm] = useState<TodoFormModel>(() => (todoId === null && userId ? loadTodoDraft(storage, userId) : null) ?? emptyTodoForm());
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<TodoFormAction | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const describeRef = useRef<TextAreaRef>(null);
  const aborter = useRef(new AbortController());

  useEffect(() => {
    const controller = aborter.current;
    return () => controller.abort();
  }, []);

  // ---- detail ----
  const load = useCallback(
    async (id: string, signal?: AbortSignal) => {
      try {
        const loaded = await loadTodo(api, id, { signal });
        if (isApprovalTodo(loaded)) {
          // Approval-type items have no form of their own: their page is the approval.
          const target = await openTodoTarget({}, loaded);
          if (target.ok) {
            navigate(target.value, { replace: true });
            return;
          }
        }
        setItem(loaded);
        setForm(todoFormFromItem(loaded));
        setErrors({});
        setLoading(false);
      } catch (e) {
        if (isCancelled(e)) return;
        Toast.show({ icon: 'fail', content: messageOf(e) });
        back();
      }
    },
    [api, back, navigate],
  );

  useEffect(() => {
    if (todoId === null) return;
    const controller = new AbortController();
    setLoading(true);
    void load(todoId, controller.signal);
    return () => controller.abort();
  }, [todoId, load]);

  // antd-mobile puts aria-label on the TextArea's wrapper only: name the field itself.
  useEffect(() => {
    describeRef.current?.nativeElement?.setAttribute('aria-label', TODO_FIELD_LABELS.matterDescribe);
  });

  // ---- the add form's draft ----
  useEffect(() => {
    if (todoId === null && userId) saveTodoDraft(storage, userId, form);
  }, [todoId, userId, storage, form]);

  const readOnly = item !== null && isTodoReadOnly(item);
  const actions = todoFormActions(item);

  const update = (patch: Partial<TodoFormModel>, clear?: keyof FieldErrors) => {
    setForm((f) => ({ ...f, ...patch }));
    if (clear) setErrors((e) => ({ ...e, [clear]: undefined }));
  };

  // ---- attachments ----
  const startUpload = (file: File, uid = newUid()) => {
    const row: UploadRow = { uid, name: file.name, size: file.size, status: 'uploading', percent: 0, source: file };
    setUploads((rows) => (rows.some((r) => r.uid === uid) ? rows.map((r) => (r.uid === uid ? row : r)) : [...rows, row]));
    uploadTodoAttachment(uploader, file, {
      uid,
      signal: aborter.current.signal,
      onChange: (f) =>
        setUploads((rows) => rows.map((r) => (r.uid === uid ? { ...r, status: f.status, percent: f.percent } : r))),
    })
      .then((done) => {
        setUploads((rows) => rows.filter((r) => r.uid !== uid));
        setForm((f) => ({ ...f, files: [...f.files, done] }));
      })
      .catch((e: unknown) => {
        if (isCancelled(e)) return;
        setUploads((rows) => rows.map((r) => (r.uid === uid ? { ...r, status: 'error' } : r)));
        Toast.show({ icon: 'fail', content: messageOf(e) });
      });
  };

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = '';
    picked.forEach((f) => startUpload(f));
  };

  const listed: Array<FileListItem | UploadRow> = [...form.files.map(fileItem), ...uploads];

  // ---- actions ----
  const validate = (): boolean => {
    const next: FieldErrors = {
      name: validateTodoName(form.name) ?? undefined,
      matterDescribe: validateTodoDescription(form.matterDescribe) ?? undefined,
      remindNum: isReminderMinutesVisible(form) ? validateReminderMinutes(form.remindNum) ?? undefined : undefined,
    };
    setErrors(next);
    return !next.name && !next.matterDescribe && !next.remindNum;
  };

  const save = async () => {
    if (!validate()) return;
    if (uploads.length > 0) {
      Toast.show({ icon: 'fail', content: FILE_CHECK_STATUS });
      return;
    }
    setBusy('save');
    const result = await saveTodo(api, form, item?.id ?? null);
    setBusy(null);
    if (!result.ok) {
      Toast.show({ icon: 'fail', content: result.error });
      return;
    }
    if (todoId === null && userId) clearTodoDraft(storage, userId);
    Toast.show({ icon: 'success', content: SAVE_SUCCESS });
    back();
  };

  const remove = async () => {
    if (!item) return;
    const yes = await Dialog.confirm({ title: TODO_DELETE_CONFIRM_TITLE, content: TODO_DELETE_CONFIRM_CONTENT });
    if (!yes) return;
    setBusy('delete');
    const result = await deleteTodo(api, item.id, DELETE_SUCCESS);
    setBusy(null);
    if (!result.ok) {
      Toast.show({ icon: 'fail', content: result.error });
      return;
    }
    Toast.show({ icon: 'success', content: result.value });
    back();
  };

  const changeState = async (action: 'complete' | 'restore') => {
    if (!item) return;
    setBusy(action);
    const result = action === 'complete' ? await completeTodo(api, item.id) : await restoreTodo(api, item.id);
    if (!result.ok) {
      setBusy(null);
      Toast.show({ icon: 'fail', content: result.error });
      return;
    }
    Toast.show({ icon: 'success', content: result.value });
    await load(item.id);
    setBusy(null);
  };

  const run = (action: TodoFormAction) => {
    if (busy !== null) return;
    if (action === 'save') void save();
    else if (action === 'delete') void remove();
    else void changeState(action);
  };

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
                    setForm((f) => setTodoDeadline(f, null));
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
                onChange={(on) => {
                  setForm((f) => setTodoReminder(f, on));
                  setErrors((e) => ({ ...e, remindNum: undefined }));
                }}
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
            <input ref={fileInput} type="file" multiple hidden aria-label={ADD_ATTACHMENT} onChange={onPick} />
          </div>
          <FileList
            files={listed}
            emptyText={readOnly ? '-' : undefined}
            onRename={
              readOnly
                ? undefined
                : (file, name) => setForm((f) => ({ ...f, files: f.files.map((x) => (x.id === file.uid ? { ...x, name } : x)) }))
            }
            onDelete={
              readOnly
                ? undefined
                : (file) => {
                    setUploads((rows) => rows.filter((r) => r.uid !== file.uid));
                    setForm((f) => ({ ...f, files: f.files.filter((x) => x.id !== file.uid) }));
                  }
            }
            onRetry={(file) => {
              const row = uploads.find((r) => r.uid === file.uid);
              if (row) startUpload(row.source, row.uid);
            }}
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
            onClick={() => run(action)}
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
        onConfirm={(date) => {
          setForm((f) => setTodoDeadline(f, date));
        }}
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
