import type { IframeHTMLAttributes } from 'react';
import type { RuntimeConfig } from '../../application/ports/runtime';
import { RUNTIME_CONFIG } from '../../application/ports/tokens';
import { frameSandbox } from '../../domain/shell/framePolicy';
import { useInjection } from './di';

type FrameProps = Omit<IframeHTMLAttributes<HTMLIFrameElement>, 'sandbox' | 'src' | 'referrerPolicy'> & {
  /** An http(s) address the caller has already checked. */
  readonly src: string;
  readonly title: string;
};

/**
 * Every frame that shows a page the backend named: the sandbox of the one frame rule
 * (domain/shell/framePolicy.ts), no referrer. Nothing else in the app draws an iframe.
 */
export function SandboxedFrame({ src, title, ...rest }: FrameProps) {
  const config = useInjection<RuntimeConfig>(RUNTIME_CONFIG);
  const sandbox = frameSandbox(src, { appOrigin: window.location.origin, trustedOrigins: config.trustedFrameOrigins });
  return <iframe {...rest} src={src} title={title} sandbox={sandbox} referrerPolicy="no-referrer" />;
}
