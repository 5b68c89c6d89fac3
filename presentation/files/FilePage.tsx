import { Button } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { filePageScreen } from '../../application/files/filePageModel';
import { formatFileSize } from '../../domain/files/files';
import { DOWNLOAD_FILE, NO_FILE_ADDRESS } from '../../domain/files/messages';
import { ErrorState } from '../shared/ErrorState';
import { useScreenModel } from '../shared/screenModel';
import { FileIcon } from './FileIcon';
import './files.css';

/**
 * page/file?url&name&size (SPEC point 2): the icon by extension, the name, the size as
 * ceil(bytes/1024) KB and 下载文件. Inside the native shell the shell takes the file; in
 * a browser the button is a download link to the address the link policy gives. What
 * the page does is its model's (application/files/filePageModel.ts).
 */
export function FilePage() {
  const search = useSearch();
  const query = useMemo(() => {
    const params = new URLSearchParams(search);
    return { url: params.get('url') ?? '', name: params.get('name') ?? '', size: params.get('size') ?? '' };
  }, [search]);
  const model = useScreenModel(filePageScreen, query);
  const [download] = useUnit([model.downloadPressed]);
  const { name, size, href, newWindow, inShell } = model.view;


  if (href === null) return <ErrorState title={NO_FILE_ADDRESS} status="empty" fullPage />;

  return (
    <div className="cw-file-page">
      <div className="cw-file-page__card">
        <FileIcon name={name} size={72} />
        <h2 className="cw-file-page__name">{name}</h2>
        {size !== null ? <p className="cw-file-page__size">{formatFileSize(size)}</p> : null}
      </div>
      <div className="cw-file-page__footer">
        {inShell ? (
          <Button block color="primary" size="large" shape="rounded" onClick={() => download()}>
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
