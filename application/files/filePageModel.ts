/**
 * page/file's model (SPEC point 2 "Files", page/file?url&name&size): the name (the
 * query's, else the address's), the size, and what 下载文件 does. In a browser the
 * button is a download link whose address the link policy gives (the 'download'
 * surface: a file on another origin opens in a new window, since browsers ignore the
 * download attribute there); inside the native shell the shell takes the file.
 */
import { createEffect, createEvent, sample } from 'effector';
import { NO_FILE_ADDRESS } from '../../domain/files/messages';
import type { Notifier } from '../ports/runtime';
import type { NativeShell } from '../ports/shell';
import { LINK_OPENER, NATIVE_SHELL, NOTIFIER } from '../ports/tokens';
import { defineScreen } from '../shared/screens';
import type { LinkOpener } from '../shell/links';
import { displayFileName, parseSizeParam, type Log } from './useCases';
import { LOGGER } from '../ports/logger';

/** The page query as it came. */
export interface FilePageQuery {
  readonly url: string;
  readonly name: string;
  readonly size: string;
}

export interface FilePageView {
  readonly name: string;
  /** Bytes; null when the query gives none. */
  readonly size: number | null;
  /** The download link's address; null when the address cannot be offered (文件地址无效). */
  readonly href: string | null;
  /** The link opens a new window instead of downloading (another origin). */
  readonly newWindow: boolean;
  /** Inside the native shell the button hands the file to the shell. */
  readonly inShell: boolean;
}

export interface FilePageModelDeps {
  readonly links: Pick<LinkOpener, 'decide'>;
  readonly shell: Pick<NativeShell, 'isInShell' | 'openFile'>;
  readonly notifier: Pick<Notifier, 'fail'>;
  readonly log?: Log;
}

export function createFilePageModel(deps: FilePageModelDeps, q: FilePageQuery) {
  const log: Log = deps.log ?? (() => undefined);
  const link = deps.links.decide(q.url, 'download');
  // The page's facts do not change while it is open: read once.
  const view: FilePageView = {
    name: displayFileName(q.name, q.url),
    size: parseSizeParam(q.size),
    href: link.kind === 'download' ? link.url : null,
    newWindow: link.kind === 'download' && link.newWindow,
    inShell: deps.shell.isInShell(),
  };

  const opened = createEvent();
  const downloadPressed = createEvent();

  sample({
    clock: opened,
    filter: () => view.href === null,
    target: createEffect(() => log('[files] page/file without a usable url', q.url)),
  });
  sample({
    clock: downloadPressed,
    target: createEffect(() => {
      const taken = view.href !== null && deps.shell.openFile({ url: view.href, name: view.name, size: view.size });
      if (!taken) deps.notifier.fail(NO_FILE_ADDRESS);
    }),
  });

  return { view, opened, downloadPressed };
}

export type FilePageModel = ReturnType<typeof createFilePageModel>;

export const filePageScreen = defineScreen({
  name: 'filePage',
  lifetime: 'screen',
  key: (q: FilePageQuery) => `${q.url}\u0000${q.name}\u0000${q.size}`,
  create: (get, q) => createFilePageModel({ links: get(LINK_OPENER), shell: get(NATIVE_SHELL), notifier: get(NOTIFIER), log: get(LOGGER) }, q),
});
