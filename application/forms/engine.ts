import { err, ok, type Result } from '../../domain/shared/result';
import { parseDataSource } from '../../domain/forms/dataSource';
import { initialValue, formFields, initialFormState, isFileType, subformColumns } from '../../domain/forms/fields';
import { checkFile, DEFAULT_DOCUMENT_TYPE, remainingCount, validateFiles, validateNewDocument, type NewDocumentErrors } from '../../domain/forms/files';
import type { FileTypeEntry } from '../../domain/files/types';
import { applyFieldLimits, editableByLimits, parseFieldLimits, type FormMode } from '../../domain/forms/fieldLimits';
import { applyRestoredValues, buildFormData, restoreDraft, restoreFormData, type RestoreMode } from '../../domain/forms/formData';
import { valuesEqual } from '../../domain/forms/matchers';
import { dataSourceLoadFailed, STEP_FAILED } from '../../domain/forms/messages';
import {
  applyChange,
  applyEventResult,
  applyLoadedOptions,
  INITIAL_RULE_STATE,
  initialiseRules,
  type RuleEffect,
  type RuleOutcome,
  type RuleState,
} from '../../domain/forms/rules';
import { clampStep, nextStep as domainNextStep, pagesSteps, prevStep as domainPrevStep, stepsOf, submitSteps, type Step } from '../../domain/forms/steps';
import {
  addRow,
  cancelEdit,
  removeRow,
  saveRow,
  startEdit,
  updateRow,
  type SubformEditor,
} from '../../domain/forms/subform';
import type {
  DataSource,
  FieldDefinition,
  FieldState,
  FormDefinition,
  FormState,
  Option,
  SubformRow,
  SubmittedFormData,
  UploadedFile,
} from '../../domain/forms/types';
import { validateForm, validateRow, validateSubmit, type FormErrors, type FormFailure } from '../../domain/forms/validation';
import type { FilesApi } from '../files/ports';
import { isApiError, messageOf } from '../ports/errors';
import type { Clock, KeyValueStorage } from '../ports/runtime';
import type { Uploader, UploadSource } from '../ports/upload';
import type { SelectorsApi } from '../selectors/ports';
import { loadDataSourceOptions, sourceKey } from './dataSources';
import { liveSnapshots } from './drafts';
import { KeyedStore } from './keyedStore';
import type { FormsApi } from './ports';
import { isRecord } from '../../domain/shared/guards';
import { isCancelled } from '../shared/failure';
import { failureText } from '../shared/failureNotice';
import { createUploadQueue, type UploadQueue } from '../files/uploadQueue';

export type { FormMode } from '../../domain/forms/fieldLimits';

export interface FormEnginePorts {
  readonly forms: FormsApi;
  /** Select-component data sources of choice fields. */
  readonly selectors?: SelectorsApi;
  /** File types of the new-document dialog. */
  readonly files?: FilesApi;
  /** Image, file and document fields. */
  readonly uploader?: Uploader;
  /** Drafts (with `draftKey`). */
  readonly storage?: KeyValueStorage;
  /** `now` of relative-date rules; Date.now when absent. */
  readonly clock?: Clock;
}

export interface FormEngineOptions {
  /** The parsed definition (see resolveFormDefinition for formJson / tenantFormJson). */
  readonly definition: FormDefinition;
  /** The current node's field limits as the server sent them. */
  readonly fieldLimits?: unknown;
  readonly mode: FormMode;
  /** Saved form data (draftData, a run's data): the object or its JSON text. */
  readonly initialData?: unknown;
  /** How `initialData` is read: 'saved' (default: rows are history rows) or 'draft'. */
  readonly initialDataMode?: RestoreMode;
  /** Where the local draft lives (formDraftKey); no key, no local draft. */
  readonly draftKey?: string;
  /** The app code the data belongs to (submitted data `code`, draft check). */
  readonly code: string;
  readonly ports: FormEnginePorts;
  /** Quiet time before a draft is written. */
  readonly draftDelayMs?: number;
  /** Client ids of new rows and uploads; random when absent. */
  readonly newId?: () => string;
}

export interface FormNotice {
  readonly kind: 'fail' | 'info';
  readonly text: string;
}

export interface FormMeta {
  /** Current step of a steps form (0 otherwise). */
  readonly step: number;
  readonly stepCount: number;
  /** 表单恢复失败，数据已重置 / 表单恢复失败，应用编码不一致 when the draft could not be restored. */
  readonly restoreError: string | null;
  readonly reminderOpen: boolean;
  /** The field the user should look at after a failed check; `seq` changes on every failure. */
  readonly errorFocus: { readonly fieldId: string; readonly seq: number } | null;
}

/** A file the user picked, with what the screen measured of it. */
export interface PickedUpload {
  readonly file: UploadSource;
  /** Images: natural size, for the dimension rule. */
  readonly width?: number;
  readonly height?: number;
  /** A local address to show the image while it uploads. */
  readonly previewUrl?: string;
}

export type RowErrors = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** One column of one subform row: where a row's files live. */
export interface RowCell {
  readonly subformId: string;
  readonly rowId: string;
  readonly columnId: string;
}

/**
 * Where a file list lives: a main-table field (its id) or a column of a subform row.
 * Files in rows go through the same pipeline (checks, progress, retry, drafts) as the
 * main table's; only the place the list is kept differs.
 */
export type FileTarget = string | RowCell;

/** A file list the engine can read and write, with the definition whose rules it follows. */
interface FileSlot {
  /** The field, or the subform column (accept, size, maxCount, dimensions). */
  readonly field: FieldDefinition;
  read(): UploadedFile[];
  write(files: UploadedFile[], byUser: boolean): void;
  /** The user may change the list now (a row: only while it is under edit). */
  editable(): boolean;
}

export interface SubformController {
  /** Adds a row in edit mode; its `_id`, or null when the subform takes no more rows. */
  add(): string | null;
  edit(rowId: string): boolean;
  update(rowId: string, values: Record<string, unknown>): void;
  /** Validates and keeps the row; the errors by column id when it does not pass. */
  save(rowId: string): Record<string, string>;
  cancel(rowId: string): void;
  remove(rowId: string): boolean;
}

export const META_KEY = '$meta';
export const rowErrorsKey = (fieldId: string): string => `rowErrors:${fieldId}`;
export const columnOptionsKey = (columnId: string): string => `columnOptions:${columnId}`;

interface LiveSnapshot {
  readonly signature: string;
  readonly state: FormState;
  readonly ruleState: RuleState;
  readonly step: number;
  readonly editors: [string, Record<string, SubformRow>][];
  readonly blobs: [string, PickedUpload][];
  readonly reminderOpen: boolean;
}

let idCounter = 0;
const defaultNewId = (): string => `c${Date.now().toString(36)}${(idCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;


/**
 * The form engine of one open form (the application side of SPEC point 3 "Dynamic
 * forms" and the form rules of points 4 and 5). Every rule is the domain's; this class
 * keeps the state, performs the I/O the rules ask for, and tells each field's readers
 * when (and only when) that field changed.
 */
export class FormEngine {
  readonly definition: FormDefinition;
  readonly mode: FormMode;
  readonly code: string;
  readonly draftKey: string | undefined;
  readonly steps: Step[];
  /**
   * A steps form paged with 上一步/下一步 and held to 请完成下一步 (the domain's pagesSteps:
   * the filler's form); otherwise every step shows, one after the other.
   */
  readonly pagedSteps: boolean;
  /** Value fields in document order. */
  readonly fields: FieldDefinition[];

  private readonly store = new KeyedStore();
  private readonly ports: FormEnginePorts;
  private readonly fieldById = new Map<string, FieldDefinition>();
  private readonly columnById = new Map<string, FieldDefinition>();
  private readonly editableIds: Set<string>;
  private readonly draftDelay: number;
  private readonly newId: () => string;
  private readonly signatureOf: () => string;
  private readonly savedValues: Record<string, unknown>;
  private readonly originalRows: Record<string, SubformRow[]>;
  private baseline: Record<string, unknown> = {};

  private state: FormState = {};
  private ruleState: RuleState = INITIAL_RULE_STATE;
  private meta: FormMeta;
  private editors = new Map<string, Record<string, SubformRow>>();
  private readonly blobs = new Map<string, PickedUpload>();
  private readonly uploadQueue: UploadQueue;
  /** Where each upload in flight writes (to stop those whose row was cancelled or removed). */
  private readonly uploadTargets = new Map<string, FileTarget>();
  private readonly loadSeq = new Map<string, number>();
  private readonly eventControllers = new Map<string, AbortController>();
  private readonly sharedLoads = new Map<string, Promise<Option[]>>();
  private readonly lifetime = new AbortController();
  private readonly noticeListeners = new Set<(n: FormNotice) => void>();
  private pendingNotices: FormNotice[] = [];
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private dirty = false;
  private cleared = false;
  private disposed = false;
  private focusSeq = 0;
  private fileTypes: FileTypeEntry[] | null = null;

  constructor(options: FormEngineOptions) {
    this.mode = options.mode === 'readonly' ? 'readonly' : 'edit';
    this.code = typeof options.code === 'string' ? options.code : '';
    this.draftKey = typeof options.draftKey === 'string' && options.draftKey !== '' ? options.draftKey : undefined;
    this.ports = options.ports;
    this.uploadQueue = createUploadQueue(options.ports.uploader, {
      progress: (uid, percent) => {
        const target = this.uploadTargets.get(uid);
        if (target && percent > 0) this.patchFile(target, uid, { percent });
      },
      done: (uid, r) => {
        const target = this.uploadTargets.get(uid);
        if (!target) return;
        this.patchFile(target, uid, {
          status: 'done',
          percent: 100,
          url: r.url,
          size: r.size,
          userFileId: r.userFileId ?? undefined,
          ...(r.domain ? { domain: r.domain } : {}),
          ...(r.path ? { path: r.path } : {}),
        });
        // Done files are in the draft from now on.
        this.scheduleSave();
      },
      failed: (uid, failure) => {
        const target = this.uploadTargets.get(uid);
        if (target) this.patchFile(target, uid, { status: 'error' });
        const text = failureText(failure);
        if (text !== null) this.notice('fail', text);
      },
    });
    this.draftDelay = options.draftDelayMs ?? 400;
    this.newId = options.newId ?? defaultNewId;
    const limits = parseFieldLimits(options.fieldLimits);
    this.editableIds = editableByLimits(limits);
    this.definition = applyFieldLimits(options.definition, limits, this.mode);
    this.fields = formFields(this.definition);
    for (const f of this.fields) {
      if (!this.fieldById.has(f.id)) this.fieldById.set(f.id, f);
      for (const c of subformColumns(f)) this.columnById.set(c.id, c);
    }
    this.steps = stepsOf(this.definition.fields);
    this.pagedSteps = pagesSteps(this.mode, this.steps.length);
    // Computed only when a live copy is kept or checked: stringifying a 300-field form is not free.
    let signature: string | null = null;
    this.signatureOf = () => (signature ??= safeSignature([options.definition, options.fieldLimits ?? null, this.mode, this.code]));

    const restored = options.initialData === undefined ? { code: '', values: {} } : restoreFormData(this.definition, options.initialData, options.initialDataMode ?? 'saved');
    this.savedValues = restored.values;
    this.originalRows = Object.fromEntries(
      Object.entries(restored.values).filter(([id]) => this.fieldById.get(id)?.type === 'subform'),
    ) as Record<string, SubformRow[]>;

    const reminder = this.definition.initialReminder;
    this.meta = {
      step: 0,
      stepCount: this.steps.length,
      restoreError: null,
      reminderOpen: this.mode === 'edit' && isRecord(reminder) && reminder.disabled !== true,
      errorFocus: null,
    };

    const live = this.draftKey ? (liveSnapshots.get(this.draftKey) as LiveSnapshot | undefined) : undefined;
    if (live && live.signature === this.signatureOf()) {
      liveSnapshots.delete(this.draftKey as string);
      this.resumeFrom(live);
    } else {
      this.start(true);
    }
  }

  // -------------------------------------------------------------------------
  // Reading
  // -------------------------------------------------------------------------

  field(id: string): FieldDefinition | undefined {
    return this.fieldById.get(id) ?? this.columnById.get(id);
  }

  getField(id: string): FieldState | undefined {
    return this.state[id];
  }

  getState(): FormState {
    return this.state;
  }

  getMeta(): FormMeta {
    return this.meta;
  }

  /** A snapshot by store key: a field id, META_KEY, rowErrorsKey(id) or columnOptionsKey(id). */
  read<T>(key: string): T | undefined {
    return this.store.get<T>(key);
  }

  subscribe(key: string, listener: () => void): () => void {
    return this.store.subscribe(key, listener);
  }

  listenerCount(key?: string): number {
    return this.store.listenerCount(key);
  }

  /** The user may change the field now. */
  isEditable(id: string): boolean {
    const fs = this.state[id];
    return fs !== undefined && fs.visible && !fs.readonly;
  }

  /** Values by field id, without validation. */
  collect(): Record<string, unknown> {
    return Object.fromEntries(Object.entries(this.state).map(([id, fs]) => [id, fs.value]));
  }

  /** The submitted form data as it stands, without validation (save draft, reject, return). */
  submitData(): SubmittedFormData {
    return buildFormData({ code: this.code, definition: this.definition, state: this.state, originalRows: this.originalRows });
  }

  // -------------------------------------------------------------------------
  // Notices
  // -------------------------------------------------------------------------

  /** Messages for the user (toasts). Notices raised before anyone listened are delivered now. */
  onNotice(listener: (n: FormNotice) => void): () => void {
    this.noticeListeners.add(listener);
    const pending = this.pendingNotices;
    this.pendingNotices = [];
    for (const n of pending) listener(n);
    return () => this.noticeListeners.delete(listener);
  }

  private notice(kind: FormNotice['kind'], text: string): void {
    if (text === '') return;
    const n = { kind, text };
    if (this.noticeListeners.size === 0) this.pendingNotices.push(n);
    else for (const l of [...this.noticeListeners]) l(n);
  }

  // -------------------------------------------------------------------------
  // Changes
  // -------------------------------------------------------------------------

  setValue(id: string, value: unknown): void {
    if (this.disposed || !this.fieldById.has(id)) return;
    this.commit(applyChange(this.state, this.ruleState, this.definition, id, value, this.now()), true);
  }

  /** Validates one field as the user leaves it. */
  blur(id: string): void {
    const fs = this.state[id];
    if (!fs || this.disposed) return;
    this.putErrors([id], validateForm([this.fieldById.get(id) as FieldDefinition], { [id]: fs }));
  }

  dismissReminder(): void {
    this.setMeta({ reminderOpen: false });
  }

  // -------------------------------------------------------------------------
  // Validation and steps
  // -------------------------------------------------------------------------

  /**
   * The submit check (SPEC point 5): a paged steps form must be at its final step (请完成下一步),
   * then every visible editable field must pass (请检查输入). Errors are shown on their
   * fields and the message is raised as a notice. On success: the submitted form data.
   */
  validate(): Result<SubmittedFormData, FormFailure> {
    const result =
      this.pagedSteps ? submitSteps(this.fields, this.state, this.meta.step, this.steps.length) : validateSubmit(this.fields, this.state);
    if (result.ok) {
      this.putErrors(Object.keys(this.state), {});
      return ok(this.submitData());
    }
    const failure = result.error;
    if (Object.keys(failure.errors).length > 0) this.showErrors(this.fields.map((f) => f.id), failure.errors);
    this.notice('fail', failure.message);
    return err(failure);
  }

  /** Next step of a steps form: validates the current step first (请检查输入). */
  nextStep(): boolean {
    const moved = domainNextStep(this.steps, this.meta.step, this.state);
    const ids = (this.steps[clampStep(this.meta.step, this.steps.length)]?.fields ?? []).map((f) => f.id);
    if (!moved.ok) {
      this.showErrors(ids, moved.error.errors);
      this.notice('fail', STEP_FAILED);
      return false;
    }
    this.putErrors(ids, {});
    this.setMeta({ step: moved.value.current });
    return true;
  }

  prevStep(): void {
    this.setMeta({ step: domainPrevStep(this.meta.step, this.steps.length) });
  }

  // -------------------------------------------------------------------------
  // Subforms
  // -------------------------------------------------------------------------

  subform(id: string): SubformController {
    const field = this.fieldById.get(id);
    const editor = (): SubformEditor => ({ rows: rowsOf(this.state[id]?.value), saved: this.editors.get(id) ?? {} });
    const apply = (next: SubformEditor): void => {
      this.editors.set(id, next.saved);
      this.setValue(id, next.rows);
    };
    const setRowErrors = (rowId: string, errors: Record<string, string> | null): void => this.setRowErrors(id, rowId, errors);
    return {
      add: () => {
        if (!field || !this.isEditable(id)) return null;
        const rowId = this.newId();
        const values = Object.fromEntries(subformColumns(field).map((c) => [c.id, initialValue(c)]));
        const r = addRow(field, editor(), rowId, values);
        if (!r.ok) return null;
        apply(r.value);
        return rowId;
      },
      edit: (rowId) => {
        if (!field || !this.isEditable(id)) return false;
        const r = startEdit(field, editor(), rowId);
        if (r.ok) apply(r.value);
        return r.ok;
      },
      update: (rowId, values) => {
        this.updateRowValues(id, rowId, values, true);
      },
      save: (rowId) => {
        if (!field) return {};
        const row = rowsOf(this.state[id]?.value).find((r) => r._id === rowId);
        if (!row) return {};
        const errors = validateRow(subformColumns(field), row);
        if (Object.keys(errors).length > 0) {
          setRowErrors(rowId, errors);
          return errors;
        }
        const r = saveRow(editor(), rowId);
        if (r.ok) apply(r.value);
        setRowErrors(rowId, null);
        return {};
      },
      cancel: (rowId) => {
        const r = cancelEdit(editor(), rowId);
        if (r.ok) apply(r.value);
        setRowErrors(rowId, null);
        this.stopOrphanUploads();
      },
      remove: (rowId) => {
        if (!field || !this.isEditable(id)) return false;
        const r = removeRow(field, editor(), rowId);
        if (r.ok) apply(r.value);
        setRowErrors(rowId, null);
        this.stopOrphanUploads();
        return r.ok;
      },
    };
  }

  private setRowErrors(subformId: string, rowId: string, errors: Record<string, string> | null): void {
    const current = this.store.get<RowErrors>(rowErrorsKey(subformId)) ?? {};
    const { [rowId]: _dropped, ...rest } = current;
    this.store.set(rowErrorsKey(subformId), errors && Object.keys(errors).length > 0 ? { ...rest, [rowId]: errors } : rest);
  }

  /**
   * Changes values of a row (the user's edits, or an upload's progress when not byUser).
   * Errors shown on the row are checked again, so they clear as soon as they are fixed.
   */
  private updateRowValues(subformId: string, rowId: string, values: Record<string, unknown>, byUser: boolean): boolean {
    const field = this.fieldById.get(subformId);
    if (!field || this.disposed) return false;
    const r = updateRow({ rows: rowsOf(this.state[subformId]?.value), saved: this.editors.get(subformId) ?? {} }, rowId, values);
    if (!r.ok) return false;
    this.editors.set(subformId, r.value.saved);
    this.commit(applyChange(this.state, this.ruleState, this.definition, subformId, r.value.rows, this.now()), byUser);
    if (this.store.get<RowErrors>(rowErrorsKey(subformId))?.[rowId]) {
      const row = r.value.rows.find((x) => x._id === rowId);
      if (row) this.setRowErrors(subformId, rowId, validateRow(subformColumns(field), row));
    }
    return true;
  }

  /**
   * Options of a subform column. Static ones at once; remote ones are loaded once and
   * published under columnOptionsKey(column id).
   */
  columnOptions(columnId: string): Option[] | undefined {
    const column = this.columnById.get(columnId);
    const source = column ? parseDataSource(column.dataSource) : null;
    if (!column || !source) return undefined;
    if (source.type === 'static') return source.options;
    const key = columnOptionsKey(columnId);
    const loaded = this.store.get<Option[]>(key);
    if (loaded) return loaded;
    if (column.type !== 'picker' && !this.loadSeq.has(key)) {
      this.loadSeq.set(key, 1);
      this.loadShared(source)
        .then((options) => this.store.set(key, options))
        .catch((e: unknown) => {
          if (!isCancelled(e)) this.notice('fail', loadFailureText(e, column.title));
        });
    }
    return undefined;
  }

  // -------------------------------------------------------------------------
  // Uploads
  // -------------------------------------------------------------------------

  /** A file picker of the form opened: its uploader gets ready while the user chooses (Uploader.prepare). */
  prepareUpload(): void {
    void this.ports.uploader?.prepare?.().catch(() => undefined);
  }

  /**
   * Checks and uploads picked files (SPEC point 4 "File upload"): each file's format,
   * size and image dimensions first (the message as a notice, the file skipped), then
   * the count; accepted files appear at once as uploading and move to done or error.
   * The target is a main-table field, or a column of a subform row under edit.
   */
  upload(target: FileTarget, picked: readonly PickedUpload[]): void {
    const slot = this.fileSlot(target);
    if (!slot || !slot.editable()) return;
    const { field } = slot;
    const current = slot.read();
    const accepted: PickedUpload[] = [];
    for (const p of picked) {
      const message = checkFile(field, { name: p.file.name, size: p.file.size, ...(p.width !== undefined ? { width: p.width } : {}), ...(p.height !== undefined ? { height: p.height } : {}) });
      if (message) this.notice('fail', message);
      else accepted.push(p);
    }
    const room = remainingCount(field, current.length);
    if (accepted.length > room) {
      this.notice('fail', maxCountMessage(field));
      accepted.splice(room);
    }
    if (accepted.length === 0) return;
    const added: UploadedFile[] = accepted.map((p) => {
      const uid = this.newId();
      this.blobs.set(uid, p);
      return {
        uid,
        name: p.file.name,
        size: p.file.size,
        status: 'uploading',
        percent: 0,
        ...(p.previewUrl ? { url: p.previewUrl } : {}),
        ...(p.width !== undefined ? { width: p.width } : {}),
        ...(p.height !== undefined ? { height: p.height } : {}),
      };
    });
    slot.write([...current, ...added], true);
    for (const f of added) this.startUpload(target, f.uid);
  }

  /** Uploads a failed file again (from the hash on). */
  retryUpload(target: FileTarget, uid: string): void {
    if (!this.blobs.has(uid)) return;
    this.startUpload(target, uid);
  }

  removeFile(target: FileTarget, uid: string): void {
    this.forgetUpload(uid);
    const slot = this.fileSlot(target);
    const files = slot?.read() ?? [];
    if (slot && files.some((f) => f.uid === uid)) slot.write(files.filter((f) => f.uid !== uid), true);
  }

  /** Whether a failed upload can be tried again (its bytes are still here). */
  canRetry(uid: string): boolean {
    return this.blobs.has(uid);
  }

  /**
   * A new, empty document (SPEC point 5 "New document"): file type and name checked
   * first (errors returned by input), then created on the server and listed as done.
   */
  async createDocument(target: FileTarget, input: { type?: string; name?: string }): Promise<Result<UploadedFile, NewDocumentErrors>> {
    const slot = this.fileSlot(target);
    const errors = validateNewDocument(input);
    if (Object.keys(errors).length > 0) return err(errors);
    if (!slot || !slot.editable()) return err({});
    if (remainingCount(slot.field, slot.read().length) <= 0) {
      this.notice('fail', maxCountMessage(slot.field));
      return err({});
    }
    const name = (input.name ?? '').trim();
    const suffix = (input.type ?? '').trim();
    try {
      const doc = await this.ports.forms.newDocument({ name, suffix }, { signal: this.lifetime.signal });
      const file: UploadedFile = {
        uid: doc.userFileId || this.newId(),
        name: doc.fileName || `${name}.${suffix}`,
        size: doc.size,
        status: 'done',
        percent: 100,
        url: doc.url,
        userFileId: doc.userFileId,
        ...(doc.domain ? { domain: doc.domain } : {}),
        ...(doc.path ? { path: doc.path } : {}),
      };
      slot.write([...slot.read(), file], true);
      return ok(file);
    } catch (e) {
      if (!isCancelled(e)) this.notice('fail', messageOf(e));
      return err({});
    }
  }

  /**
   * The types a new document may have (stored-file/file-type). Without the call, or when
   * it fails (its message shown), the default docx.
   */
  async documentTypes(): Promise<FileTypeEntry[]> {
    if (this.fileTypes) return this.fileTypes;
    const fallback: FileTypeEntry[] = [{ suffix: DEFAULT_DOCUMENT_TYPE, suffixMsg: '' }];
    const files = this.ports.files;
    if (!files) return fallback;
    try {
      const list = (await files.fileTypes({ signal: this.lifetime.signal })).filter((t) => typeof t.suffix === 'string' && t.suffix.trim() !== '');
      const clean = list.map((t) => ({ suffix: t.suffix.trim().replace(/^\./, '').toLowerCase(), suffixMsg: t.suffixMsg ?? '' }));
      this.fileTypes = clean.length > 0 ? clean : fallback;
      return this.fileTypes;
    } catch (e) {
      if (!isCancelled(e)) this.notice('fail', messageOf(e));
      return fallback;
    }
  }

  /** The file list a target names, or null when it names no file field or column. */
  private fileSlot(target: FileTarget): FileSlot | null {
    if (typeof target === 'string') {
      const field = this.fieldById.get(target);
      if (!field || !isFileType(field.type)) return null;
      return {
        field,
        read: () => filesOf(this.state[target]?.value),
        write: (files, byUser) => {
          if (byUser) this.setValue(target, files);
          else if (!this.disposed) this.commit(applyChange(this.state, this.ruleState, this.definition, target, files, this.now()), false);
        },
        editable: () => this.isEditable(target),
      };
    }
    if (!isRecord(target)) return null;
    const { subformId, rowId, columnId } = target;
    const subform = this.fieldById.get(subformId);
    const column = subform?.type === 'subform' ? subformColumns(subform).find((c) => c.id === columnId) : undefined;
    if (!column || !isFileType(column.type)) return null;
    const row = () => rowsOf(this.state[subformId]?.value).find((r) => r._id === rowId);
    return {
      field: column,
      read: () => filesOf(row()?.values?.[columnId]),
      write: (files, byUser) => void this.updateRowValues(subformId, rowId, { [columnId]: files }, byUser),
      editable: () => {
        const r = row();
        return this.isEditable(subformId) && r?._editing === true && r._removed !== true && column.readonly !== true && column.hidden !== true;
      },
    };
  }

  private startUpload(target: FileTarget, uid: string): void {
    const picked = this.blobs.get(uid);
    if (!picked) return;
    this.uploadTargets.set(uid, target);
    this.patchFile(target, uid, { status: 'uploading', percent: 0 });
    if (!this.ports.uploader) {
      this.patchFile(target, uid, { status: 'error' });
      return;
    }
    this.uploadQueue.start(uid, picked.file);
  }

  /** Stops an upload and forgets its bytes. */
  private forgetUpload(uid: string): void {
    this.uploadQueue.forget(uid);
    this.blobs.delete(uid);
    this.uploadTargets.delete(uid);
  }

  /** Uploads whose file is no longer listed (its row was cancelled or removed) are stopped. */
  private stopOrphanUploads(): void {
    for (const [uid, target] of [...this.uploadTargets]) {
      if (!this.fileSlot(target)?.read().some((f) => f.uid === uid)) this.forgetUpload(uid);
    }
  }

  private patchFile(target: FileTarget, uid: string, patch: Partial<UploadedFile>): void {
    const slot = this.fileSlot(target);
    if (!slot) return;
    const files = slot.read();
    const at = files.findIndex((f) => f.uid === uid);
    const current = files[at];
    if (!current) return;
    const next = { ...current, ...patch } as UploadedFile;
    for (const k of Object.keys(next) as (keyof UploadedFile)[]) if (next[k] === undefined) delete next[k];
    slot.write(files.map((f, i) => (i === at ? next : f)), false);
  }

  // -------------------------------------------------------------------------
  // Drafts and lifetime
  // -------------------------------------------------------------------------

  /** Writes the pending draft now (before leaving the screen, on pagehide). */
  flushDraft(): void {
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const storage = this.ports.storage;
    if (!this.dirty || !this.draftKey || !storage) return;
    this.dirty = false;
    // Never overwrite a saved draft with a form nobody has filled in.
    if (this.isPristine()) return;
    storage.set(this.draftKey, JSON.stringify(this.draftData()));
  }

  /** Removes the local draft (after a successful submit). */
  clearDraft(): void {
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.dirty = false;
    this.cleared = true;
    if (this.draftKey) {
      this.ports.storage?.remove(this.draftKey);
      liveSnapshots.delete(this.draftKey);
    }
  }

  /** Back to the form as it opened (definition defaults and saved data); the local draft is removed. */
  reset(): void {
    if (this.disposed) return;
    this.uploadQueue.stopAll();
    this.uploadTargets.clear();
    this.blobs.clear();
    this.editors.clear();
    this.clearDraft();
    this.cleared = false;
    const previous = this.state;
    this.start(false);
    this.store.setMany(Object.keys(previous).map((id) => [rowErrorsKey(id), {}] as const));
    this.setMeta({ step: 0, errorFocus: null, restoreError: null });
  }

  /**
   * Leaves the form: the draft is written, loads and uploads stop. With a draft key the
   * live state is kept in memory, so the same form opened again (back from the picker
   * page) continues exactly where it was.
   */
  dispose(): void {
    if (this.disposed) return;
    this.flushDraft();
    this.disposed = true;
    this.lifetime.abort();
    for (const c of this.eventControllers.values()) c.abort();
    this.uploadQueue.stopAll();
    if (this.draftKey && !this.cleared) {
      // Uploads cut short (in rows too) can be retried from the kept bytes.
      const state = this.mapFiles(this.state, (files) =>
        files.some((f) => f.status === 'uploading') ? files.map((f) => (f.status === 'uploading' ? { ...f, status: 'error' as const } : f)) : files,
      );
      const snapshot: LiveSnapshot = {
        signature: this.signatureOf(),
        state,
        ruleState: this.ruleState,
        step: this.meta.step,
        editors: [...this.editors.entries()],
        blobs: [...this.blobs.entries()],
        reminderOpen: this.meta.reminderOpen,
      };
      liveSnapshots.set(this.draftKey, snapshot);
    }
    this.store.clearListeners();
    this.noticeListeners.clear();
  }

  // -------------------------------------------------------------------------
  // Internals
  // -------------------------------------------------------------------------

  private now(): number {
    return this.ports.clock?.now() ?? Date.now();
  }

  /** Builds the opening state: defaults, saved data, the local draft, then the rules. */
  private start(withDraft: boolean): void {
    let state = applyRestoredValues(initialFormState(this.definition), this.savedValues);
    this.baseline = Object.fromEntries(Object.entries(state).map(([id, fs]) => [id, fs.value]));
    const storage = this.ports.storage;
    if (withDraft && this.draftKey && storage && this.mode === 'edit') {
      const stored = storage.get(this.draftKey);
      if (stored !== null) {
        const restored = restoreDraft(this.definition, stored, this.code);
        if (restored.ok) state = applyRestoredValues(state, restored.value.values);
        else {
          this.meta = { ...this.meta, restoreError: restored.error };
          this.notice('fail', restored.error);
        }
      }
    }
    const outcome = initialiseRules(state, this.definition, this.now());
    let next = outcome.state;
    // Saved data is shown as it was saved: a rule's `set` must not rewrite it.
    if (this.mode === 'readonly') next = applyRestoredValues(next, this.savedValues);
    next = this.lock(next, Object.keys(next));
    this.state = next;
    this.ruleState = outcome.ruleState;
    this.store.setMany([...Object.entries(next), [META_KEY, this.meta]]);
    this.runEffects([...outcome.effects, ...this.implicitLoads(outcome.effects)]);
  }

  private resumeFrom(live: LiveSnapshot): void {
    this.state = live.state;
    this.ruleState = live.ruleState;
    this.editors = new Map(live.editors);
    for (const [uid, p] of live.blobs) this.blobs.set(uid, p);
    this.meta = { ...this.meta, step: clampStep(live.step, this.steps.length), reminderOpen: live.reminderOpen };
    this.baseline = Object.fromEntries(Object.entries(applyRestoredValues(initialFormState(this.definition), this.savedValues)).map(([id, fs]) => [id, fs.value]));
    this.store.setMany([...Object.entries(this.state), [META_KEY, this.meta]]);
    this.dirty = true;
  }

  /** Address fields read the area cascader without naming it as their source. */
  private implicitLoads(effects: readonly RuleEffect[]): RuleEffect[] {
    const out: RuleEffect[] = [];
    for (const f of this.fields) {
      if (f.type !== 'address' || parseDataSource(f.dataSource)) continue;
      if (effects.some((e) => e.fieldId === f.id)) continue;
      out.push({ kind: 'load-data-source', fieldId: f.id, dataSource: { type: 'area' } });
    }
    return out;
  }

  private commit(outcome: RuleOutcome, byUser: boolean): void {
    if (this.disposed) return;
    this.ruleState = outcome.ruleState;
    if (outcome.changedFieldIds.length === 0) return;
    let state = this.lock(outcome.state, outcome.changedFieldIds);
    // Errors on a changed field are checked again, so they clear as soon as it is fixed.
    for (const id of outcome.changedFieldIds) {
      const fs = state[id];
      if (!fs || fs.errors.length === 0) continue;
      const e = validateForm([this.fieldById.get(id) as FieldDefinition], { [id]: fs })[id];
      const errors = e ? [e] : [];
      if (!valuesEqual(errors, fs.errors)) state = { ...state, [id]: { ...fs, errors } };
    }
    this.state = state;
    this.store.setMany(outcome.changedFieldIds.map((id) => [id, state[id]] as const));
    this.runEffects(outcome.effects);
    if (byUser) this.scheduleSave();
  }

  /** In a read-only form only the fields the node opens may become editable, whatever the rules say. */
  private lock(state: FormState, ids: readonly string[]): FormState {
    if (this.mode !== 'readonly') return state;
    let next = state;
    for (const id of ids) {
      const fs = next[id];
      if (fs && !fs.readonly && !this.editableIds.has(id)) {
        if (next === state) next = { ...state };
        next[id] = { ...fs, readonly: true };
      }
    }
    return next;
  }

  private putErrors(ids: readonly string[], errors: FormErrors): void {
    let state = this.state;
    const changed: string[] = [];
    for (const id of ids) {
      const fs = state[id];
      if (!fs) continue;
      const e = errors[id];
      const next = e ? [e] : [];
      if (valuesEqual(next, fs.errors)) continue;
      if (state === this.state) state = { ...this.state };
      state[id] = { ...fs, errors: next };
      changed.push(id);
    }
    if (changed.length === 0) return;
    this.state = state;
    this.store.setMany(changed.map((id) => [id, state[id]] as const));
  }

  /** Errors on their fields, and the first one brought into view (its step when in a steps form). */
  private showErrors(ids: readonly string[], errors: FormErrors): void {
    this.putErrors(ids, errors);
    const first = ids.find((id) => errors[id] !== undefined);
    if (!first) return;
    this.focusSeq += 1;
    const stepIndex = this.pagedSteps ? this.steps.findIndex((s) => s.fields.some((f) => f.id === first)) : -1;
    this.setMeta({ errorFocus: { fieldId: first, seq: this.focusSeq }, ...(stepIndex >= 0 && stepIndex !== this.meta.step ? { step: stepIndex } : {}) });
  }

  private setMeta(patch: Partial<FormMeta>): void {
    this.meta = { ...this.meta, ...patch };
    this.store.set(META_KEY, this.meta);
  }

  private scheduleSave(): void {
    if (!this.draftKey || !this.ports.storage || this.disposed) return;
    this.dirty = true;
    this.cleared = false;
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.flushDraft(), this.draftDelay);
  }

  private isPristine(): boolean {
    return Object.entries(this.state).every(([id, fs]) => valuesEqual(fs.value, this.baseline[id]));
  }

  /** The draft: the submitted data without files (in rows too) that never finished uploading. */
  private draftData(): SubmittedFormData {
    const state = this.mapFiles(this.state, (files) => (files.every((x) => x.status === 'done') ? files : files.filter((x) => x.status === 'done')));
    return buildFormData({ code: this.code, definition: this.definition, state, originalRows: this.originalRows });
  }

  /**
   * The state with every file list (main-table fields and the file columns of subform
   * rows) passed through `change`. `change` returns its input when it has nothing to
   * change; untouched fields and rows keep their objects.
   */
  private mapFiles(state: FormState, change: (files: UploadedFile[]) => UploadedFile[]): FormState {
    let next = state;
    const put = (id: string, value: unknown): void => {
      if (next === state) next = { ...state };
      next[id] = { ...(next[id] as FieldState), value };
    };
    for (const f of this.fields) {
      const fs = state[f.id];
      if (!fs) continue;
      if (isFileType(f.type)) {
        const files = filesOf(fs.value);
        const changed = change(files);
        if (changed !== files) put(f.id, changed);
        continue;
      }
      const columns = f.type === 'subform' ? subformColumns(f).filter((c) => isFileType(c.type)) : [];
      if (columns.length === 0) continue;
      let touched = false;
      const rows = rowsOf(fs.value).map((row) => {
        let values: Record<string, unknown> | null = null;
        for (const c of columns) {
          const files = filesOf(row.values?.[c.id]);
          const changed = change(files);
          if (changed !== files) values = { ...(values ?? row.values), [c.id]: changed };
        }
        if (values === null) return row;
        touched = true;
        return { ...row, values };
      });
      if (touched) put(f.id, rows);
    }
    return next;
  }

  private runEffects(effects: readonly RuleEffect[]): void {
    for (const e of effects) {
      if (e.kind === 'load-data-source') this.loadSource(e.fieldId, e.dataSource);
      else if (this.mode === 'edit' || this.editableIds.size > 0) this.runEvent(e.fieldId, e.event);
    }
  }

  private loadShared(source: DataSource): Promise<Option[]> {
    const key = sourceKey(source);
    const load = () =>
      loadDataSourceOptions(source, this.ports, { formData: () => this.submitData(), signal: this.lifetime.signal });
    if (key === null) return load();
    const cached = this.sharedLoads.get(key);
    if (cached) return cached;
    const promise = load();
    this.sharedLoads.set(key, promise);
    // A failed load may be tried again by the next rule that asks.
    promise.catch(() => this.sharedLoads.delete(key));
    return promise;
  }

  private loadSource(fieldId: string, source: DataSource): void {
    const field = this.fieldById.get(fieldId);
    // A picker opens its select component on the selector page; it has no options.
    if (!field || field.type === 'picker') return;
    const seq = (this.loadSeq.get(fieldId) ?? 0) + 1;
    this.loadSeq.set(fieldId, seq);
    const implicit = field.type === 'address' && !parseDataSource(field.dataSource) && source.type === 'area';
    this.loadShared(source)
      .then((options) => {
        if (this.disposed || this.loadSeq.get(fieldId) !== seq) return;
        this.commit(
          applyLoadedOptions(this.state, this.ruleState, this.definition, fieldId, options, this.now(), implicit ? undefined : source),
          false,
        );
      })
      .catch((e: unknown) => {
        if (this.disposed || isCancelled(e)) return;
        this.notice('fail', loadFailureText(e, field.title));
      });
  }

  private runEvent(fieldId: string, event: string): void {
    const field = this.fieldById.get(fieldId);
    if (!field) return;
    this.eventControllers.get(fieldId)?.abort();
    const controller = new AbortController();
    this.eventControllers.set(fieldId, controller);
    this.ports.forms
      .runEvent({ id: event, formData: this.submitData() }, { signal: controller.signal })
      .then((result) => {
        if (this.disposed || controller.signal.aborted) return;
        this.eventControllers.delete(fieldId);
        this.commit(applyEventResult(this.state, this.ruleState, this.definition, fieldId, { result: result.value }, this.now()), true);
      })
      .catch((e: unknown) => {
        if (this.disposed || controller.signal.aborted || isCancelled(e)) return;
        this.notice('fail', dataSourceLoadFailed(field.title));
      });
  }
}

const loadFailureText = (e: unknown, title: string | undefined): string =>
  isApiError(e) && e.code === 'select-component' ? e.message : dataSourceLoadFailed(title);

const rowsOf = (value: unknown): SubformRow[] => (Array.isArray(value) ? (value as SubformRow[]).filter(isRecord) : []);

const filesOf = (value: unknown): UploadedFile[] =>
  Array.isArray(value) ? (value as UploadedFile[]).filter((f) => isRecord(f) && typeof f.uid === 'string') : [];

/** The domain's "most files" message for the field's kind (its first failing rule for a list one too long). */
const maxCountMessage = (field: FieldDefinition): string => {
  const n = typeof field.maxCount === 'number' && field.maxCount > 0 ? Math.floor(field.maxCount) : 0;
  const list = Array.from({ length: n + 1 }, (_, i) => ({ uid: String(i), name: '', status: 'done' }));
  return validateFiles(field, list, false) ?? '';
};

const safeSignature = (value: unknown): string => {
  try {
    return JSON.stringify(value);
  } catch {
    return String(Math.random());
  }
};

/** Creates the engine of one open form. See docs/forms.md for the whole API. */
export const createFormEngine = (options: FormEngineOptions): FormEngine => new FormEngine(options);
