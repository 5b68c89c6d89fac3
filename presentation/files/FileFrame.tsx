import { SandboxedFrame } from '../shared/SandboxedFrame';

/** A page of the preview or edit service in a sandboxed frame, filling the page body. */
export function FileFrame({ src, title }: { src: string; title: string }) {
  return (
    <SandboxedFrame className="cw-file-frame" src={src} title={title} allow="fullscreen" />
  );
}
