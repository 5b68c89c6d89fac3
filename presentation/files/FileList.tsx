import { ActionSheet, Button, ProgressBar, type ActionSheetProps } from 'antd-mobile';
import { MoreOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useMemo, useState } from 'react';
import { fileActionKeys, fileListScreen, type FileActionKey } from '../../application/files/fileListModel';
import type { FileAddress } from '../../application/files/useCases';
import { formatFileSizeInList } from '../../domain/files/files';
import { DOWNLOAD_FILE, RENAME_TITLE, UPLOAD_FAILED } from '../../domain/files/messages';
import type { ListedFileStatus } from '../../domain/files/types';
import { UPLOAD_WAITING } from '../../domain/offline/messages';
import { DIALOG_CANCEL } from '../../domain/shared/messages';
import { ROWS_PER_STEP } from '../../domain/shared/paging';
import { useScreenModel } from '../shared/screenModel';
import { useDrawnSteps } from '../shared/useDrawnSteps';
import { FileIcon } from './FileIcon';
import { RenameDialog } from './RenameDialog';
import { DELETE_FILE, MORE_ACTIONS, ONLINE_EDIT, RETRY_UPLOAD, UPLOADING } from './strings';
import './files.css';

/**
 * A file as a list shows it: an attachment, a stored-file record or an upload in progress.
 * Its name, size (bytes) and where it is stored are a FileAddress's.
 */
export interface FileListItem extends Omit<FileAddress, 'url'> {
  /** Stable key (the upload uid or the stored file's id). */
  readonly uid: string;
  /** The file's address; absent while it uploads. */
  readonly url?: string | null;
  /** 'done' when absent. */
  readonly status?: ListedFileStatus;
  /** 0..100 while uploading. */
  readonly percent?: number;
}

export interface FileListProps<T extends FileListItem> {
  files: readonly T[];
  /** 修改文件名: the new full name (extension kept). Absent: no rename (read-only lists). */
  onRename?: (file: T, newName: string) => void;
  /** Delete after 确认删除 / 是否删除此文件？; a rejection shows its message. Absent: no delete. */
  onDelete?: (file: T) => void | Promise<void>;
  /** A failed upload's 重试. */
  onRetry?: (file: T) => void;
  /** Online edit for office documents and text (default on). */
  onlineEdit?: boolean;
  /** Download through the shell, or page/file in a browser (default on). */
  download?: boolean;
  /** Shown when the list is empty; nothing when absent. */
  emptyText?: string;
  className?: string;
}

type Action = ActionSheetProps['actions'][number];

const ACTION_TEXT: Record<FileActionKey, string> = { rename: RENAME_TITLE, edit: ONLINE_EDIT, download: DOWNLOAD_FILE, delete: DELETE_FILE };

/**
 * The file list of forms and approvals (SPEC point 2 "Files"): icon, name and size;
 * tapping a file previews it; its actions are 修改文件名, online edit, 下载文件 and delete
 * with the confirm 确认删除 / 是否删除此文件？ and 删除成功. Uploads in progress show their
 * percent, failed ones 上传失败 with 重试. What the list does by itself is its model's
 * (application/files/fileListModel.ts); what a file's change means is the owner's callbacks.
 */
export function FileList<T extends FileListItem>({
  files,
  onRename,
  onDelete,
  onRetry,
  onlineEdit = true,
  download = true,
  emptyText,
  className,
}: FileListProps<T>) {
  const model = useScreenModel(fileListScreen, undefined);
  const on = useUnit({
    previewRequested: model.previewRequested,
    editRequested: model.editRequested,
    downloadRequested: model.downloadRequested,
    deleteRequested: model.deleteRequested,
  });
  const [menuFor, setMenuFor] = useState<T | null>(null);
  const [renaming, setRenaming] = useState<T | null>(null);
  // A step at a time: a backend may send thousands of files.
  const steps = useDrawnSteps(useMemo(() => files.map(() => 1), [files]), ROWS_PER_STEP);
  const shown = steps.sentinel ? files.slice(0, steps.drawn) : files;

  if (files.length === 0) {
    return emptyText ? <div className="cw-file-list__empty">{emptyText}</div> : null;
  }

  const actionsFor = (file: T): Action[] =>
    fileActionKeys(file, { rename: !!onRename, edit: onlineEdit, download, delete: !!onDelete }).map((key) =>
      key === 'delete' ? { key, text: ACTION_TEXT[key], danger: true } : { key, text: ACTION_TEXT[key] },
    );

  const run = (file: T, key: FileActionKey) => {
    setMenuFor(null);
    switch (key) {
      case 'rename':
        setRenaming(file);
        break;
      case 'edit':
        on.editRequested(file);
        break;
      case 'download':
        on.downloadRequested(file);
        break;
      case 'delete':
        if (onDelete) on.deleteRequested({ file, remove: () => onDelete(file) });
        break;
    }
  };

  return (
    <>
      <ul className={className ? `cw-file-list ${className}` : 'cw-file-list'} aria-label="files">
        {shown.map((file) => {
          const status = file.status ?? 'done';
          const actions = actionsFor(file);
          return (
            <li key={file.uid} className={`cw-file-row cw-file-row--${status}`}>
              <button type="button" className="cw-plain-button cw-file-row__main" onClick={() => on.previewRequested(file)} disabled={status !== 'done'}>
                <FileIcon name={file.name} size={32} />
                <span className="cw-file-row__text">
                  <span className="cw-file-row__name">{file.name}</span>
                  <span className="cw-file-row__meta">
                    {status === 'uploading' ? (
                      <>
                        {UPLOADING} {Math.round(file.percent ?? 0)}%
                      </>
                    ) : status === 'error' ? (
                      <span className="cw-file-row__failed">{UPLOAD_FAILED}</span>
                    ) : status === 'waiting' ? (
                      <span className="cw-file-row__waiting">{UPLOAD_WAITING}</span>
                    ) : (
                      formatFileSizeInList(file.size)
                    )}
                  </span>
                  {status === 'uploading' ? (
                    <ProgressBar percent={file.percent ?? 0} className="cw-file-row__progress" style={{ '--track-width': '3px' }} />
                  ) : null}
                </span>
              </button>
              {(status === 'error' || status === 'waiting') && onRetry ? (
                <Button size="mini" color="primary" fill="outline" className="cw-file-row__retry" onClick={() => onRetry(file)}>
                  {RETRY_UPLOAD}
                </Button>
              ) : null}
              {actions.length > 0 ? (
                <button
                  type="button"
                  className="cw-icon-button cw-file-row__more"
                  aria-label={`${MORE_ACTIONS} ${file.name}`}
                  onClick={() => setMenuFor(file)}
                >
                  <MoreOutline fontSize={20} />
                </button>
              ) : null}
            </li>
          );
        })}
        {steps.sentinel ? <li ref={steps.sentinel} className="cw-file-list__more" aria-hidden="true" /> : null}
      </ul>
      <ActionSheet
        visible={menuFor !== null}
        extra={menuFor?.name}
        actions={menuFor ? actionsFor(menuFor) : []}
        cancelText={DIALOG_CANCEL}
        onAction={(action) => menuFor && run(menuFor, action.key as FileActionKey)}
        onClose={() => setMenuFor(null)}
      />
      <RenameDialog
        name={renaming?.name ?? null}
        onCancel={() => setRenaming(null)}
        onRename={(newName) => {
          if (renaming && onRename) onRename(renaming, newName);
          setRenaming(null);
        }}
      />
    </>
  );
}
