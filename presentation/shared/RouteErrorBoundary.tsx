import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { LOAD_FAILED, RETRY } from './strings';

const ErrorState = lazy(() => import('./ErrorState').then((m) => ({ default: m.ErrorState })));

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
      return (
        <Suspense fallback={null}>
          <ErrorState status="disconnected" title={LOAD_FAILED} actionText={RETRY} onAction={() => window.location.reload()} fullPage />
        </Suspense>
      );
    }
    return this.props.children;
  }
}
