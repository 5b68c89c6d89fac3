import { basename } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { antdMobileImports } from './scripts/vite/antdMobileImports';
import { precompress } from './scripts/vite/precompress';
import { entryScripts, projectPath } from './scripts/vite/entryScripts';
import { VitePWA } from 'vite-plugin-pwa';

/** Where the chunk -> source modules map is written, next to Vite's manifest. */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Writes CHUNK_MODULES_FILE: for every JavaScript chunk of the build, the source modules
 * it contains (paths relative to the project, node_modules included). The manifest only
 * names chunks; the route budgets (bench/bundle.ts, scripts/budget-check.ts) need this
 * map to tell whether a heavy library (cytoscape, the scanner, ...) ended up in a
 * route's initial download.
 */
function chunkModules(): Plugin {
  let root = process.cwd();
  return {
    name: 'campus:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        map[output.fileName] = Object.keys(output.modules)
          .map((id) => projectPath(root, id))
          .sort();
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: `${JSON.stringify(map, null, 1)}\n` });
    },
  };
}

/** The folder the build runs in (see output.chunkFileNames below). */
const CHECKOUT_NAME = basename(process.cwd());

// The base path is a runtime setting (config.json); assets are emitted relative so one
// build can be served under any base a school chooses.
export default defineConfig({
  base: './',
  plugins: [
    react(),
    antdMobileImports(),
    chunkModules(),
    entryScripts(),
    // The installable app and its service worker (Workbox, generated at build time): the
    // app's shell is precached, every other chunk is kept the first time it is fetched
    // (hashed names: never stale), config.json is asked first and kept for when there is
    // no network. Every page path opens the shell (index.html, rewritten for the base
    // path by the server); the backend's calls and the hub are never the worker's. A new
    // worker waits until the user taps 更新 (composition/appWorker.ts).
    VitePWA({
      injectRegister: false,
      registerType: 'prompt',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: [],
      manifest: {
        name: '未来校园',
        short_name: '未来校园',
        description: '未来校园移动工作台：门户、审批、待办、消息、迎新报到与账号管理',
        lang: 'zh-CN',
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1677ff',
        background_color: '#f4f6fa',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['index.html', 'assets/index-*.js', 'assets/early-*.js', 'assets/rolldown-runtime-*.js', 'assets/main-*.{js,css}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/\/v1\//, /\/sandbox\//, /\/messagehub/, /config\.json$/],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/assets\/[^/]+$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'campus-chunks', expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 } },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('/config.json'),
            handler: 'NetworkFirst',
            options: { cacheName: 'campus-config', networkTimeoutSeconds: 4 },
          },
        ],
      },
    }),
    precompress(),
  ],
  build: {
    // A separate output folder lets parallel browser-test runs build side by side.
    outDir: process.env.DIST_DIR ?? 'dist',
    target: 'es2020',
    sourcemap: false,
    // The route budgets (bench/bundle.ts, scripts/budget-check.ts) read the module graph
    // from here and from CHUNK_MODULES_FILE.
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Lets rolldown fold small shared chunks into the chunks that use them (below).
      preserveEntrySignatures: false,
      output: {
        // The chunk of everything before the first screen is named after the folder the
        // build runs in (rolldown names the group that holds the page's entry so), 'main' in
        // one checkout and 'check' in another; the service worker's precache list above
        // finds it by 'main-*'. So its name, and its style sheet's, is fixed here.
        chunkFileNames: (chunk) => `assets/${chunk.name === CHECKOUT_NAME ? 'main' : '[name]'}-[hash].js`,
        assetFileNames: (asset) => `assets/${asset.names.includes(`${CHECKOUT_NAME}.css`) ? 'main' : '[name]'}-[hash][extname]`,
        // Fewer, larger files (Lighthouse on slow 4G): automatic splitting cut
        // the start-up into 31 files and every screen into dozens of 1-2 KB pieces, and
        // over HTTP/1.1 a phone fetches six at a time, a round trip for each six.
        codeSplitting: {
          // Everything the entry needs before the first screen, in one file.
          groups: [
            // The early script's route table (and what it imports): its own small file, first
            // in the page, so the early script need not wait for the main one (scripts/vite/entryScripts.ts).
            { name: 'early', test: /[\\/]composition[\\/]early\.ts$/, priority: 2 },
            { name: 'main', tags: ['$initial'], priority: 1 },
            // Dates and paging, which nearly every screen after login uses (login does not):
            // one file of their own. Left to the inlining below they were copied into each
            // chunk that uses them, so home downloaded dayjs twice (its tab and the message
            // centre's badge model): 122.2 -> 119.3 KB for home, one request more.
            { name: 'dates', test: /[\\/]node_modules[\\/]dayjs[\\/]|[\\/]domain[\\/]shared[\\/](formats|paging)\.ts$/ },
          ],
          // A shared piece under this size is copied into each chunk that uses it
          // rather than fetched on its own; rolldown's runtime keeps one module state.
          experimentalInlineCommonChunks: { maxSize: Number(process.env.INLINE_KB ?? 24) * 1024 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': 'http://127.0.0.1:8787',
      '/messagehub': { target: 'ws://127.0.0.1:8787', ws: true },
      '/sandbox': 'http://127.0.0.1:8787',
    },
  },
});
