/**
 * Hostile pages for the tests of the link policy and the frame rule (docs/sandbox.md
 * "Hostile fixtures"). Each one tries everything a page with script would try against
 * the app that shows it: write into its own window, its parent and the top window
 * (`__pwned`, which the browser tests watch with a setter installed before any page
 * runs), read the stored token, take the top window away, show a dialog and open a
 * window at the app's origin. Served at the app's origin two ways: as a user file
 * with the headers docs/deploy.md asks for, and raw, as a school that forgot them
 * would serve it, so the client's own rule is shown to hold alone.
 */

/** What every hostile page runs; `label` says which page ran (it is reported by the setter). */
export const hostileScript = (label: string): string => `
try { window.__pwned = ${JSON.stringify(label)} + ' self ' + location.href; } catch (e) {}
try { parent.__pwned = ${JSON.stringify(label)} + ' parent'; } catch (e) {}
try { top.__pwned = ${JSON.stringify(label)} + ' top'; } catch (e) {}
try { var t = localStorage.getItem('campus.token'); window.__pwned = ${JSON.stringify(label)} + ' storage ' + t; } catch (e) {}
try { var pt = parent.localStorage.getItem('campus.token'); window.__pwned = ${JSON.stringify(label)} + ' parent storage ' + pt; } catch (e) {}
try { alert(${JSON.stringify(label)}); } catch (e) {}
try { var w = window.open(location.protocol + '//' + location.host + '/sandbox/hostile/raw/popup.html', '_blank'); if (w) w.__pwned = ${JSON.stringify(label)} + ' popup handle'; } catch (e) {}
try { top.location.href = 'https://evil.example/phish'; } catch (e) {}
`;

export const HOSTILE_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>外部页面</title></head>
<body><h1>看起来像应用的下一页</h1><p>请重新输入密码</p><script>${hostileScript('html')}</script></body></html>`;

export const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" onload="${hostileScript('svg-onload').replace(/"/g, '&quot;').replace(/\n/g, ' ')}">
<rect width="200" height="80" fill="#ff3141"/><text x="10" y="45" fill="#fff" font-size="20">SVG</text>
<script>${hostileScript('svg')}</script></svg>`;

/** Opened by the pages above: in an unsandboxed window at the app's origin it would run with the app's rights. */
export const HOSTILE_POPUP = `<!doctype html><html><head><meta charset="utf-8"><title>popup</title></head>
<body><p>popup</p><script>${hostileScript('popup')}try { opener.__pwned = 'popup opener'; } catch (e) {}</script></body></html>`;

export const HOSTILE_FILES: Readonly<Record<string, { contentType: string; data: string }>> = Object.freeze({
  'evil.html': { contentType: 'text/html; charset=utf-8', data: HOSTILE_HTML },
  'evil.svg': { contentType: 'image/svg+xml', data: HOSTILE_SVG },
  'popup.html': { contentType: 'text/html; charset=utf-8', data: HOSTILE_POPUP },
});
