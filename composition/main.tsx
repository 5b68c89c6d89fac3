// antd-mobile's global styles (CSS variables), which its barrel would have brought:
// the build imports each component from its own module (scripts/vite/antdMobileImports.ts).
import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '../infrastructure/config/runtimeConfig';
import { App } from '../presentation/App';
import { afterFirstPaint } from '../presentation/shared/afterFirstPaint';
import { preloadToasts } from '../presentation/shared/toast';
import { DiProvider } from '../presentation/shared/di';
import { installHistoryIndex } from '../presentation/shared/history';
import { createBrowserStorage, StoredTokenStore } from '../infrastructure/storage';
import { buildContainer } from './container';
import { APP_UPDATE, type AppUpdate } from '../application/offline/ports';
import { warmUp } from './warmUp';
import { preloadRoute } from '../presentation/routes';
import { whenSettled } from '../presentation/shared/lazyModule';
import { PATHS } from '../application/shared/routes';

/**
 * The folder that serves index.html, whatever page the app was opened on: the entry
 * script sits in {base}assets/ (vite build) or {base}composition/ (vite dev), so its
 * parent is the base. config.json lives there (CONTRACT.md "Hosts and runtime configuration").
 */
const appFolder = (): string => new URL(/* @vite-ignore */ '..', import.meta.url).href;

/** '/campus/' -> '/campus', '/' -> '' (wouter's base has no trailing slash). */
const routerBase = (basePath: string): string => basePath.replace(/\/+$/, '');

/**
 * The app never starts inside a frame of its own origin, nor in a sandboxed (opaque)
 * one: it would share the storage, and so the session, of the app around it. That is
 * where a framed page lands when it redirects to the app (domain/shell/framePolicy.ts);
 * a school portal on another origin may still embed the app (deploy.md, frameAncestors).
 */
const framedByItself = (): boolean => {
  if (window.self === window.top) return false;
  if (window.location.origin === 'null') return true;
  try {
    return window.parent.location.origin === window.location.origin;
  } catch {
    return false;
  }
};

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root || framedByItself()) return;
  const folder = appFolder();
  const config = await loadRuntimeConfig((input, init) => fetch(input, init), folder);
  installHistoryIndex(window.history);
  const container = buildContainer({ config, window });
  createRoot(root).render(
    <StrictMode>
      <DiProvider container={container}>
        <App base={routerBase(config.basePath)} />
      </DiProvider>
    </StrictMode>,
  );
  // Code for later (the toasts, 我的 → 待发送, the password's MD5) comes down once the first
  // screen has settled: fetched at the first idle moment, it shared a slow network with
  // the first screen's own code (bench/notes.md, seventh session).
  preloadToasts();
  whenSettled(() => {
    // 我的 → 待发送 is where a user without a network looks for what waits (signed in only).
    if (new StoredTokenStore(createBrowserStorage()).get()) void preloadRoute(PATHS.outbox);
    // The MD5 engine of the password (the login, 修改密码, the security check): the first
    // hash then waits for nothing.
    void import('../infrastructure/session/md5PasswordHasher').catch(() => undefined);
  });
  // The service worker (the built app only): the app opens without a network next time,
  // and a new version waits for 更新 on the main tabs. Registered once the page has
  // settled: its install downloads the shell again, which must not compete with the
  // first screen's own code and data on a slow network.
  if (import.meta.env.PROD) {
    whenSettled(
      () =>
        void import('../infrastructure/offline/appWorker').then(({ registerAppWorker }) =>
          registerAppWorker(folder, (apply) => container.get<AppUpdate>(APP_UPDATE).offer(apply)),
        ),
    );
  }
  afterFirstPaint(
    () =>
      void warmUp({
        location: window.location,
        appFolder: folder,
        tokens: new StoredTokenStore(createBrowserStorage()),
        get: (token) => container.get(token),
      }),
  );
}

void start();
