import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { findRoute, PUBLIC_ROUTES, SESSION_ROUTES, type AppRoute } from './routes';
import { GateSkeleton, InitGate, PageSkeleton } from './session/InitGate';
import { tabOf } from './shared/layout/tabs';
import { routeStateTitle } from './shared/navigation';
import { PageLayout } from './shared/layout/PageLayout';
import { PageLoading } from './shared/PageLoading';
import { pageComponent } from './pageComponent';
import { RouteErrorBoundary } from './shared/RouteErrorBoundary';
import './shared/theme.css';

export interface AppProps {
  /** The base path from the runtime config, without a trailing slash ('' for the root). */
  base: string;
}

function RouteView({ route }: { route: AppRoute }) {
  const Page = pageComponent(route.component);
  const body = (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
  return route.bar === false ? body : <PageLayout title={route.title}>{body}</PageLayout>;
}

/** The gate's skeleton for the address: the main layout's at the root, else the page's back bar. */
function Gate({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const search = useSearch();
  const state = useHistoryState<unknown>();
  const route = findRoute(path);
  const skeleton =
    route === undefined || route.path === '/' ? (
      <GateSkeleton tab={tabOf(search)} />
    ) : (
      <PageSkeleton title={routeStateTitle(state) ?? route.title ?? ''} />
    );
  return <InitGate skeleton={skeleton}>{children}</InitGate>;
}

const routeElement = (route: AppRoute) => (
  <Route key={route.path} path={route.path}>
    <RouteView route={route} />
  </Route>
);

/**
 * Every route of presentation/routes.tsx under the base path. Public pages render at
 * once; the others wait behind the initialisation gate. Unknown paths go to the base.
 */
export function App({ base }: AppProps) {
  return (
    <Router base={base}>
      <Switch>
        {PUBLIC_ROUTES().map(routeElement)}
        <Route>
          <Gate>
            <Switch>
              {SESSION_ROUTES().map(routeElement)}
              <Route>
                <Redirect to="/" replace />
              </Route>
            </Switch>
          </Gate>
        </Route>
      </Switch>
    </Router>
  );
}
