import { Route, Router, Switch, Redirect } from 'wouter';
import { LoginPage } from './session/LoginPage';

export interface AppProps {
  /** The base path from the runtime config, without a trailing slash ('' for the root). */
  base: string;
}

export function App({ base }: AppProps) {
  return (
    <Router base={base}>
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route>
          <Redirect to="/login" replace />
        </Route>
      </Switch>
    </Router>
  );
}
