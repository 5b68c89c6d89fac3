import { Button, ImageViewer, Input, Picker, Popup, ProgressBar } from 'antd-mobile';
import { AddOutline, CloseOutline, UploadOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { FileTarget, PickedUpload } from '../../../application/forms';
import { previewPagePath } from '../../../application/files/useCases';
import { formatFileSizeInList, isInlineImage } from '../../../domain/files/files';
import { UPLOAD_FAILED } from '../../../domain/files/messages';
import type { FileTypeEntry } from '../../../domain/files/types';
import { DEFAULT_DOCUMENT_TYPE, fieldExtensions, inputAccept, remainingCount, type NewDocumentErrors } from '../../../domain/forms/files';
import type { UploadedFile } from '../../../domain/forms/types';
import { FileIcon } from '../../files/FileIcon';
import '../../files/files.css';
import { useEngine } from '../FormContext';
import {
  CANCEL,
  CREATE,
  DELETE,
  DOCUMENT_NAME,
  DOCUMENT_NAME_PLACEHOLDER,
  DOCUMENT_TYPE,
  NEW_DOCUMENT,
  PREVIEW,
  RETRY,
  UPLOAD_FILE,
  UPLOAD_IMAGE,
  UPLOADING,
  CONFIRM,
} from '../strings';
import type { ControlProps } from './types';

const filesOf = (value: unknown): UploadedFile[] => (Array.isArray(value) ? (value as UploadedFile[]).filter((f) => f && typeof f.uid === 'string') : []);

/** Natural size of a picked image and a local address to show it while it uploads. */
export function measureImage(file: File): Promise<Pick<PickedUpload, 'width' | 'height' | 'previewUrl'>> {
  if (typeof URL === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve({});
  const previewUrl = URL.createObjectURL(file);
  return new Promise((resolve) => {
    const img = new Image();
    const timer = setTimeout(() => resolve({ previewUrl }), 4000);
    img.onload = () => {
      clearTimeout(timer);
      resolve({ width: img.naturalWidth, height: img.naturalHeight, previewUrl });
    };
    img.onerror = () => {
      clearTimeout(timer);
      resolve({ previewUrl });
    };
    img.src = previewUrl;
  });
}

async function picked(list: FileList | null, image: boolean): Promise<PickedUpload[]> {
  const files = list ? Array.from(list) : [];
  return Promise.all(files.map(async (file) => ({ file, ...(image ? await measureImage(file) : {}) })));
}

const previewImages = (files: readonly UploadedFile[], current: UploadedFile) => {
  const images = files.filter((f) => f.status === 'done' && f.url && isInlineImage(f.name));
  const index = Math.max(0, images.findIndex((f) => f.uid === current.uid));
  ImageViewer.Multi.show({ images: images.map((f) => f.url as string), defaultIndex: index });
};

/** An image's thumbnail; its file icon when there is no address or it does not load. */
function Thumb({ file }: { file: UploadedFile }) {
  const [broken, setBroken] = useState(false);
  if (!file.url || broken) return <FileIcon name={file.name} size={30} />;
  return <img src={file.url} alt={file.name} onError={() => setBroken(true)} />;
}

/**
 * The files of an image field as tiles, each previewable; uploads show progress or 上传失败
 * with 重试. `target` (a field id or a subform row's column) is where remove and retry act.
 */
export function ImageTiles({ files, editable, target, label }: { files: UploadedFile[]; editable: boolean; target?: FileTarget; label: string }) {
  const engine = useEngine();
  return (
    <>
      {files.map((f) => (
        <div key={f.uid} className={`cw-fm-image cw-fm-image--${f.status}`}>
          <button
            type="button"
            className="cw-fm-image__view"
            aria-label={`${PREVIEW} ${f.name}`}
            disabled={!f.url}
            onClick={() => f.status === 'done' && previewImages(files, f)}
          >
            <Thumb file={f} />
          </button>
          {f.status === 'uploading' ? (
            <div className="cw-fm-image__mask" role="status">
              {UPLOADING}
              <br />
              {Math.round(f.percent ?? 0)}%
            </div>
          ) : null}
          {f.status === 'error' ? (
            <div className="cw-fm-image__mask cw-fm-image__mask--error">
              <span>{UPLOAD_FAILED}</span>
              {editable && target && engine.canRetry(f.uid) ? (
                <button type="button" className="cw-fm-image__retry" onClick={() => engine.retryUpload(target, f.uid)} aria-label={`${RETRY} ${f.name}`}>
                  {RETRY}
                </button>
              ) : null}
            </div>
          ) : null}
          {editable && target ? <RemoveFile className="cw-fm-image__remove" file={f} target={target} /> : null}
        </div>
      ))}
      <span className="cw-visually-hidden">{label}</span>
    </>
  );
}

/** 删除 on an uploaded file: an image tile's corner, a file row's end. */
function RemoveFile({ className, file, target }: { className: string; file: UploadedFile; target: FileTarget }) {
  const engine = useEngine();
  return (
    <button type="button" className={className} aria-label={`${DELETE} ${file.name}`} onClick={() => engine.removeFile(target, file.uid)}>
      <CloseOutline aria-hidden="true" />
    </button>
  );
}

/** What a file control uploads into: its own field unless it is a subform row's column. */
export interface FileControlProps extends ControlProps {
  readonly target?: FileTarget;
}

/** What an image or file field works with: its files, whether more may be added, where uploads go. */
function useUploadField(p: FileControlProps) {
  const engine = useEngine();
  const files = filesOf(p.state.value);
  return { engine, files, editable: !p.state.readonly, target: p.target ?? p.field.id, room: remainingCount(p.field, files.length) };
}

/** The hidden file input behind an add tile or button (the field's label points at it). */
function PickInput({ field, ids, describedBy, invalid, engine, target, room, image }: FileControlProps & ReturnType<typeof useUploadField> & { image: boolean }) {
  return (
    <input
      id={ids.control}
      type="file"
      className="cw-visually-hidden"
      accept={inputAccept(field) || (image ? 'image/*' : undefined)}
      aria-label={`${field.title ?? ''} ${image ? UPLOAD_IMAGE : UPLOAD_FILE}`}
      multiple={room > 1}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onClick={() => engine.prepareUpload()}
      onChange={async (e) => {
        const input = e.currentTarget;
        const list = await picked(input.files, image);
        input.value = '';
        engine.upload(target, list);
      }}
    />
  );
}

/** image: tiles with an add tile (the file input the field's label points at). */
export function ImageControl(p: FileControlProps) {
  const { ids, describedBy } = p;
  const upload = useUploadField(p);
  const { files, editable, target, room } = upload;
  return (
    <div className="cw-fm-images" role="group" aria-labelledby={ids.label} aria-describedby={describedBy}>
      <ImageTiles files={files} editable={editable} target={target} label="" />
      {editable && room > 0 ? (
        <label className="cw-fm-image cw-fm-image--add">
          <AddOutline aria-hidden="true" />
          <span className="cw-fm-image__add-text">{UPLOAD_IMAGE}</span>
          <PickInput {...p} {...upload} image />
        </label>
      ) : null}
    </div>
  );
}

/** A list of uploaded files: icon, name, size or progress, 上传失败 with 重试, delete (acting on `target`). */
export function FileRows({ files, editable, target }: { files: UploadedFile[]; editable: boolean; target?: FileTarget }) {
  const engine = useEngine();
  const [, navigate] = useLocation();
  const open = (f: UploadedFile) => {
    if (f.status !== 'done' || !f.url) return;
    if (isInlineImage(f.name)) {
      previewImages(files, f);
      return;
    }
    engine.flushDraft();
    navigate(previewPagePath({ url: f.url, name: f.name }));
  };
  if (files.length === 0) return null;
  return (
    <ul className="cw-file-list cw-fm-form-files">
      {files.map((f) => (
        <li key={f.uid} className={`cw-file-row cw-file-row--${f.status}`}>
          <button type="button" className="cw-plain-button cw-file-row__main" onClick={() => open(f)} disabled={f.status !== 'done'} aria-label={`${PREVIEW} ${f.name}`}>
            <FileIcon name={f.name} size={32} />
            <span className="cw-file-row__text">
              <span className="cw-file-row__name">{f.name}</span>
              <span className="cw-file-row__meta">
                {f.status === 'uploading' ? (
                  <span role="status">
                    {UPLOADING} {Math.round(f.percent ?? 0)}%
                  </span>
                ) : f.status === 'error' ? (
                  <span className="cw-file-row__failed">{UPLOAD_FAILED}</span>
                ) : (
                  formatFileSizeInList(f.size)
                )}
              </span>
              {f.status === 'uploading' ? <ProgressBar percent={f.percent ?? 0} className="cw-file-row__progress" style={{ '--track-width': '3px' }} /> : null}
            </span>
          </button>
          {editable && target && f.status === 'error' && engine.canRetry(f.uid) ? (
            <Button size="mini" color="primary" fill="outline" onClick={() => engine.retryUpload(target, f.uid)} aria-label={`${RETRY} ${f.name}`}>
              {RETRY}
            </Button>
          ) : null}
          {editable && target ? <RemoveFile className="cw-icon-button" file={f} target={target} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** A required field of the new-document form: the star and its label, the control, then its error. */
function SheetField({ label, error, children }: { label: ReactNode; error: string | undefined; children: ReactNode }) {
  return (
    <div className="cw-fm-field">
      <div className="cw-fm-field__head">
        <span className="cw-fm-field__required" aria-hidden="true">
          *
        </span>
        {label}
      </div>
      {children}
      {error ? (
        <div className="cw-fm-field__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The new-document form; `idBase` keeps its element ids unique (one per field or row column). */
function NewDocumentSheet({ target, idBase, types, onClose }: { target: FileTarget; idBase: string; types: readonly FileTypeEntry[]; onClose: () => void }) {
  const engine = useEngine();
  const [type, setType] = useState(types.some((t) => t.suffix === DEFAULT_DOCUMENT_TYPE) ? DEFAULT_DOCUMENT_TYPE : (types[0]?.suffix ?? DEFAULT_DOCUMENT_TYPE));
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<NewDocumentErrors>({});
  const [busy, setBusy] = useState(false);
  const [pickType, setPickType] = useState(false);
  const label = (suffix: string) => {
    const t = types.find((x) => x.suffix === suffix);
    return t && t.suffixMsg ? `${t.suffixMsg}（.${t.suffix}）` : `.${suffix}`;
  };
  const create = async () => {
    setBusy(true);
    const r = await engine.createDocument(target, { type, name });
    setBusy(false);
    if (r.ok) onClose();
    else setErrors(r.error);
  };
  return (
    <div className="cw-fm-sheet__form">
      <SheetField
        label={
          <span className="cw-fm-field__label" id={`${idBase}-doc-type-label`}>
            {DOCUMENT_TYPE}
          </span>
        }
        error={errors.type}
      >
        <button type="button" className="cw-fm-trigger" aria-labelledby={`${idBase}-doc-type-label ${idBase}-doc-type`} onClick={() => setPickType(true)}>
          <span id={`${idBase}-doc-type`} className="cw-fm-trigger__text">
            {label(type)}
          </span>
        </button>
      </SheetField>
      <SheetField
        label={
          <label className="cw-fm-field__label" htmlFor={`${idBase}-doc-name`}>
            {DOCUMENT_NAME}
          </label>
        }
        error={errors.name}
      >
        <Input
          id={`${idBase}-doc-name`}
          className="cw-fm-input"
          value={name}
          placeholder={DOCUMENT_NAME_PLACEHOLDER}
          onChange={(v) => {
            setName(v);
            if (errors.name) setErrors((e) => ({ ...e, name: undefined }));
          }}
        />
      </SheetField>
      <div className="cw-fm-sheet__actions">
        <Button block onClick={onClose}>
          {CANCEL}
        </Button>
        <Button block color="primary" loading={busy} onClick={create}>
          {CREATE}
        </Button>
      </div>
      <Picker
        visible={pickType}
        columns={[types.map((t) => ({ label: label(t.suffix), value: t.suffix }))]}
        value={[type]}
        title={DOCUMENT_TYPE}
        confirmText={CONFIRM}
        cancelText={CANCEL}
        onClose={() => setPickType(false)}
        onConfirm={(v) => typeof v[0] === 'string' && setType(v[0])}
      />
    </div>
  );
}

/** file and document: the file list and an upload button; documents can also be created empty. */
export function FileControl(p: FileControlProps) {
  const { field, ids, describedBy } = p;
  const upload = useUploadField(p);
  const { files, editable, target, room, engine } = upload;
  const [newDoc, setNewDoc] = useState(false);
  const [types, setTypes] = useState<readonly FileTypeEntry[]>([]);
  const allowed = useMemo(() => fieldExtensions(field), [field]);
  useEffect(() => {
    if (!newDoc) return;
    let alive = true;
    void engine.documentTypes().then((list) => {
      if (!alive) return;
      const fitting = allowed.length > 0 ? list.filter((t) => allowed.includes(t.suffix.toLowerCase())) : list;
      // The field's own accept list wins when the server's types do not cover it.
      setTypes(fitting.length > 0 ? fitting : allowed.map((suffix) => ({ suffix, suffixMsg: '' })));
    });
    return () => {
      alive = false;
    };
  }, [newDoc, engine, allowed]);
  return (
    <div className="cw-fm-files" role="group" aria-labelledby={ids.label} aria-describedby={describedBy}>
      <FileRows files={files} editable={editable} target={target} />
      {editable && room > 0 ? (
        <div className="cw-fm-files__actions">
          <label className="cw-fm-files__add">
            <UploadOutline aria-hidden="true" />
            <span>{UPLOAD_FILE}</span>
            <PickInput {...p} {...upload} image={false} />
          </label>
          {field.type === 'document' ? (
            <button type="button" className="cw-fm-files__add" onClick={() => setNewDoc(true)}>
              <AddOutline aria-hidden="true" />
              <span>{NEW_DOCUMENT}</span>
            </button>
          ) : null}
        </div>
      ) : null}
      {field.type === 'document' && types.length > 0 ? (
        <Popup visible={newDoc} onMaskClick={() => setNewDoc(false)} bodyClassName="cw-fm-sheet" destroyOnClose>
          <div className="cw-fm-sheet__bar">
            <span />
            <div className="cw-fm-sheet__title">{NEW_DOCUMENT}</div>
            <span />
          </div>
          {types.length > 0 ? <NewDocumentSheet target={target} idBase={ids.container} types={types} onClose={() => setNewDoc(false)} /> : null}
        </Popup>
      ) : null}
    </div>
  );
}
