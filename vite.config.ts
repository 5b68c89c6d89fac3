import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The base path is a runtime setting (config.json); assets are emitted relative so one
// build can be served under any base a school chooses.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    // A separate output folder lets parallel browser-test runs build side by side.
    outDir: process.env.DIST_DIR ?? 'dist',
    target: 'es2020',
    sourcemap: false,
    // The route budgets (bench/bundle.ts, tests/budget) read the module graph from here.
    manifest: true,
    chunkSizeWarningLimit: 800,
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
