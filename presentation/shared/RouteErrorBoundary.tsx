import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './ErrorState';
import { LOAD_FAILED, RETRY } from './strings';

/**
 * A page whose code failed to download (a lazy chunk after a redeploy, a dropped
 * connection) shows a retry instead of a blank screen.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[route] render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return <ErrorState status="disconnected" title={LOAD_FAILED} actionText={RETRY} onAction={() => window.location.reload()} fullPage />;
    }
    return this.props.children;
  }
}
