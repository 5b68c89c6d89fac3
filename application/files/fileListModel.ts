/**
 * What the file list of forms, the to-do form and approvals does by itself (SPEC point 2
 * "Files"): tapping a file previews it, 在线编辑 opens the online editor, 下载文件 hands
 * the file to the shell (which in a browser opens page/file with its download button),
 * and delete asks 确认删除 / 是否删除此文件？ first, then lets the list's owner remove the
 * file and says 删除成功. The owner keeps the files and says what removing one means
 * (its callback); the list never calls a port itself.
 */
import { createEffect, createEvent, sample } from 'effector';
import { fileIconKind } from '../../domain/files/files';
import { DELETE_CONFIRM_CONTENT, DELETE_CONFIRM_TITLE, DELETE_SUCCESS } from '../../domain/files/messages';
import type { ListedFileStatus } from '../../domain/files/types';
import type { Navigator, Notifier } from '../ports/runtime';
import type { NativeShell } from '../ports/shell';
import { LINK_OPENER, NATIVE_SHELL, NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { failureOf } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { defineScreen } from '../shared/screens';
import type { LinkOpener } from '../shell/links';
import { editPagePath, fileNameFromUrl, previewPagePath } from './useCases';

/** A listed file as far as its actions need it. */
export interface ListedFile {
  readonly name: string;
  readonly size?: number | null;
  /** Absent while it uploads. */
  readonly url?: string | null;
  /** 'done' when absent. */
  readonly status?: ListedFileStatus;
}

/** A delete the user asked for: the file, and how the list's owner removes it (a rejection is told). */
export interface DeleteRequest {
  readonly file: ListedFile;
  readonly remove: () => void | Promise<void>;
}

export interface FileListModelDeps {
  readonly links: Pick<LinkOpener, 'decide'>;
  readonly shell: Pick<NativeShell, 'openFile'>;
  readonly navigator: Pick<Navigator, 'go'>;
  readonly notifier: Pick<Notifier, 'success' | 'fail' | 'confirm'>;
}

const openable = (file: ListedFile): file is ListedFile & { url: string } => (file.status ?? 'done') === 'done' && typeof file.url === 'string' && file.url !== '';

/**
 * Online edit is offered for office documents and text only (what an online editor can
 * open). Decided here because domain/files has no rule for it.
 */
export const canEditOnline = (name: unknown): boolean => {
  const kind = fileIconKind(name);
  return kind === 'word' || kind === 'excel' || kind === 'ppt' || kind === 'text';
};

export type FileActionKey = 'rename' | 'edit' | 'download' | 'delete';

/** What the list's owner offers: rename and delete only with their callbacks; edit and download by default. */
export interface OfferedActions {
  readonly rename: boolean;
  readonly edit: boolean;
  readonly download: boolean;
  readonly delete: boolean;
}

/** A file's actions in the list's menu, in its order: an upload in progress or failed can only be deleted. */
export function fileActionKeys(file: ListedFile, offered: OfferedActions): FileActionKey[] {
  const done = (file.status ?? 'done') === 'done';
  const keys: FileActionKey[] = [];
  if (offered.rename && done) keys.push('rename');
  if (offered.edit && openable(file) && canEditOnline(file.name)) keys.push('edit');
  if (offered.download && openable(file)) keys.push('download');
  if (offered.delete) keys.push('delete');
  return keys;
}

export function createFileListModel(deps: FileListModelDeps) {
  const previewRequested = createEvent<ListedFile>();
  const editRequested = createEvent<ListedFile>();
  const downloadRequested = createEvent<ListedFile>();
  const deleteRequested = createEvent<DeleteRequest>();

  sample({
    clock: previewRequested,
    filter: openable,
    target: createEffect((file: ListedFile & { url: string }) => deps.navigator.go(previewPagePath({ url: file.url, name: file.name }))),
  });
  sample({
    clock: editRequested,
    filter: openable,
    target: createEffect((file: ListedFile & { url: string }) => deps.navigator.go(editPagePath({ url: file.url, name: file.name }))),
  });
  sample({
    clock: downloadRequested,
    filter: openable,
    target: createEffect((file: ListedFile & { url: string }) => {
      // The link policy reads the address against the page and refuses what is not a plain web address.
      const link = deps.links.decide(file.url, 'file');
      if (link.kind !== 'file') return;
      deps.shell.openFile({ url: link.url, name: file.name || fileNameFromUrl(link.url), size: file.size ?? null });
    }),
  });

  const deleteFx = createEffect(async ({ remove }: DeleteRequest) => {
    const yes = await deps.notifier.confirm({ title: DELETE_CONFIRM_TITLE, content: DELETE_CONFIRM_CONTENT });
    if (!yes) return;
    try {
      await remove();
    } catch (e) {
      tellFailure(deps.notifier, failureOf(e));
      return;
    }
    deps.notifier.success(DELETE_SUCCESS);
  });
  sample({ clock: deleteRequested, target: deleteFx });

  return { previewRequested, editRequested, downloadRequested, deleteRequested };
}

export type FileListModel = ReturnType<typeof createFileListModel>;

/** One per page: every list on it shares the model (it keeps no state of its own). */
export const fileListScreen = defineScreen({
  name: 'fileList',
  lifetime: 'screen',
  key: () => '',
  create: (get) =>
    createFileListModel({ links: get(LINK_OPENER), shell: get(NATIVE_SHELL), navigator: get(NAVIGATOR), notifier: get(NOTIFIER) }),
});
