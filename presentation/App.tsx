import { Suspense } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { PUBLIC_ROUTES, SESSION_ROUTES, type AppRoute } from './routes';
import { InitGate } from './session/InitGate';
import { PageLayout } from './shared/layout/PageLayout';
import { PageLoading } from './shared/PageLoading';
import { RouteErrorBoundary } from './shared/RouteErrorBoundary';
import './shared/theme.css';

export interface AppProps {
  /** The base path from the runtime config, without a trailing slash ('' for the root). */
  base: string;
}

function RouteView({ route }: { route: AppRoute }) {
  const Page = route.component;
  const body = (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
  return route.bar === false ? body : <PageLayout title={route.title}>{body}</PageLayout>;
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
          <InitGate>
            <Switch>
              {SESSION_ROUTES().map(routeElement)}
              <Route>
                <Redirect to="/" replace />
              </Route>
            </Switch>
          </InitGate>
        </Route>
      </Switch>
    </Router>
  );
}
