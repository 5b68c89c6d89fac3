import { Button, Toast } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { consoleLog, downloadFile, fileNameFromUrl, parseSizeParam } from '../../application/files/useCases';
import type { NativeShell } from '../../application/ports/shell';
import { LINK_OPENER, NATIVE_SHELL } from '../../application/ports/tokens';
import type { LinkOpener } from '../../application/shell/links';
import { formatFileSize } from '../../domain/files/files';
import { DOWNLOAD_FILE } from '../../domain/files/messages';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { FileIcon } from './FileIcon';
import { NO_FILE_ADDRESS } from './strings';
import './files.css';

/**
 * page/file?url&name&size (SPEC point 2): the icon by extension, the name, the size as
 * ceil(bytes/1024) KB and 下载文件. Inside the native shell the shell takes the file
 * (openFile); in a browser the button is a download link to the file's address, which
 * the link policy keeps out of the app's own window: a file on another origin opens in
 * a new one (browsers ignore the download attribute there).
 */
export function FilePage() {
  const search = useSearch();
  const shell = useInjection<NativeShell>(NATIVE_SHELL);
  const links = useInjection<LinkOpener>(LINK_OPENER);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const url = params.get('url') ?? '';
  const name = (params.get('name') ?? '').trim() || fileNameFromUrl(url);
  const size = parseSizeParam(params.get('size'));
  const link = links.decide(url, 'download');
  const href = link.kind === 'download' ? link.url : null;
  const newWindow = link.kind === 'download' && link.newWindow;
  const inShell = shell.isInShell();

  useEffect(() => {
    if (href === null) consoleLog('[files] page/file without a usable url', url);
  }, [href, url]);

  if (href === null) return <ErrorState title={NO_FILE_ADDRESS} status="empty" fullPage />;

  const openInShell = () => {
    const outcome = downloadFile(shell, { url, name, size }, window.location.href);
    if (outcome.kind === 'refused') Toast.show({ icon: 'fail', content: NO_FILE_ADDRESS });
  };

  return (
    <div className="cw-file-page">
      <div className="cw-file-page__card">
        <FileIcon name={name} size={72} />
        <h2 className="cw-file-page__name">{name}</h2>
        {size !== null ? <p className="cw-file-page__size">{formatFileSize(size)}</p> : null}
      </div>
      <div className="cw-file-page__footer">
        {inShell ? (
          <Button block color="primary" size="large" shape="rounded" onClick={openInShell}>
            <DownlandOutline /> {DOWNLOAD_FILE}
          </Button>
        ) : (
          <a
            className="cw-file-page__link"
            href={href}
            {...(newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : { download: name })}
          >
            <DownlandOutline /> {DOWNLOAD_FILE}
          </a>
        )}
      </div>
    </div>
  );
}
