import { Image, ImageViewer } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { onlineFileScreen, type OnlineFileMode } from '../../application/files/onlineFileModel';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { FileFrame } from './FileFrame';
import { LOAD_FAILED_RETRY, NO_PREVIEW_ADDRESS } from './strings';
import './files.css';

/**
 * page/onlinePreview?url and page/onlineEditing?url (SPEC point 2, point 8): images
 * inline, other types the online-view (or online-edit) address in a sandboxed frame;
 * 暂不支持预览 when file-type-view does not list the type; a missing address is only
 * logged (the page stays empty). Its model is application/files/onlineFileModel.ts.
 */
function OnlineFilePage({ mode }: { mode: OnlineFileMode }) {
  const search = useSearch();
  const query = useMemo(() => {
    const params = new URLSearchParams(search);
    // Relative file addresses are read against the page the user is on.
    return { mode, url: params.get('url') ?? '', name: params.get('name') ?? '', base: window.location.href };
  }, [mode, search]);
  const model = useScreenModel(onlineFileScreen, query);
  const [preview, failure, status] = useUnit([model.$preview, model.$failure, model.$status]);
  const [retry] = useUnit([model.retried]);
  const [zoom, setZoom] = useState(false);
  const name = model.name;


  if (status === 'failed' && failure !== null) {
    return <ErrorState title={failure.message} description={name} status="disconnected" actionText={LOAD_FAILED_RETRY} onAction={() => retry()} fullPage />;
  }
  if (status !== 'ready' || preview === null) return <PageLoading />;
  switch (preview.kind) {
    case 'image':
      return (
        <div className="cw-preview-image">
          <Image src={preview.src} alt={name} fit="contain" onClick={() => setZoom(true)} lazy={false} />
          <ImageViewer image={preview.src} visible={zoom} onClose={() => setZoom(false)} />
        </div>
      );
    case 'frame':
      return <FileFrame src={preview.src} title={name} />;
    case 'unsupported':
      return <ErrorState title={preview.message} description={name} status="empty" fullPage />;
    case 'missing':
      return <div className="cw-preview-missing" aria-label={NO_PREVIEW_ADDRESS} />;
  }
}

export function OnlinePreviewPage() {
  return <OnlineFilePage mode="preview" />;
}

export function OnlineEditingPage() {
  return <OnlineFilePage mode="edit" />;
}
