/**
 * The page's first script, a build entry of its own (scripts/vite/entryScripts.ts): it
 * holds only the route table, so it runs while the app's main code is still
 * downloading, and a public page's code (the login first of all) downloads beside the
 * main code instead of after it. Login on Lighthouse's slow 4G, alternating pairs: the
 * largest paint 2.37 -> 2.01 s, the score 97 -> 98 (bench/notes.md, ninth session).
 *
 * Nothing else runs here; should this script fail, the app starts as before.
 */
import { preloadPublicPage } from './publicPreload';

// Like main.tsx's appFolder: this script sits in {base}assets/ (build) or {base}composition/ (dev).
preloadPublicPage(window.location, new URL(/* @vite-ignore */ '..', import.meta.url).href);
