/**
 * The model of page/onlinePreview and page/onlineEditing (SPEC point 2, point 8):
 * images inline, other types the online-view (or online-edit) address in a sandboxed
 * frame, 暂不支持预览 when file-type-view does not list the type, a missing address only
 * logged. A failed call is told and kept for the page to show with 重新加载.
 */
import { createEvent, sample } from 'effector';
import type { Notifier } from '../ports/runtime';
import { NOTIFIER } from '../ports/tokens';
import { valueOr } from '../shared/failure';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { FILES_API, type FilesApi } from './ports';
import { displayFileName, resolveOnlineEdit, resolvePreview, type Log, type Preview } from './useCases';
import { LOGGER } from '../ports/logger';

export type OnlineFileMode = 'preview' | 'edit';

export interface OnlineFileQuery {
  readonly mode: OnlineFileMode;
  readonly url: string;
  readonly name: string;
  /** The page's address: relative file addresses are read against it. */
  readonly base: string;
}

export interface OnlineFileModelDeps {
  readonly api: Pick<FilesApi, 'previewableExtensions' | 'onlineViewUrl' | 'onlineEditUrl'>;
  readonly notifier: Pick<Notifier, 'fail'>;
  readonly log?: Log;
}

export function createOnlineFileModel(deps: OnlineFileModelDeps, q: OnlineFileQuery) {
  const name = displayFileName(q.name, q.url);
  const file = { url: q.url, name };
  const resolveDeps = { api: deps.api, base: q.base, ...(deps.log ? { log: deps.log } : {}) };

  const loader = createLoader<void, Preview>(
    async (_, { signal }) =>
      valueOr(q.mode === 'edit' ? await resolveOnlineEdit(resolveDeps, file, { signal }) : await resolvePreview(resolveDeps, file, { signal })),
    { notifier: deps.notifier },
  );

  const opened = createEvent();
  sample({ clock: opened, target: loader.started });

  return {
    name,
    $preview: loader.$data,
    $failure: loader.$failure,
    $status: loader.$status,
    opened,
    /** 重新加载. */
    retried: loader.retried,
    dispose: loader.dispose,
  };
}

export type OnlineFileModel = ReturnType<typeof createOnlineFileModel>;

export const onlineFileScreen = defineScreen({
  name: 'onlineFile',
  lifetime: 'screen',
  key: (q: OnlineFileQuery) => `${q.mode}\u0000${q.url}\u0000${q.name}`,
  create: (get, q) => createOnlineFileModel({ api: get(FILES_API), notifier: get(NOTIFIER), log: get(LOGGER) }, q),
});
