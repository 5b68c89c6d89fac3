import { frameSandbox } from '../../application/files/useCases';

/** A page of the preview or edit service in a sandboxed frame, filling the page body. */
export function FileFrame({ src, title }: { src: string; title: string }) {
  return (
    <iframe
      className="cw-file-frame"
      src={src}
      title={title}
      sandbox={frameSandbox(src, window.location.origin)}
      referrerPolicy="no-referrer"
      allow="fullscreen"
    />
  );
}
