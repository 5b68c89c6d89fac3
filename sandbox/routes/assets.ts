import type { Route } from '../module';
import { notFound } from '../core/errors';
import { createHash } from 'node:crypto';

/** Small generated images and widget pages, so the seed needs no binary files. */

const PALETTE = ['#1677ff', '#00b578', '#ff8f1f', '#ff3141', '#7b61ff', '#13c2c2', '#eb2f96', '#faad14'];
const color = (s: string): string => PALETTE[createHash('md5').update(s).digest()[0]! % PALETTE.length]!;
const esc = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const APP_LABELS: Record<string, string> = {
  leave: '假', purchase: '采', seal: '印', unconfigured: '未', noflow: '会', approval: '审', stureport: '迎', teareport: '验',
  timetable: '课', score: '分', scoreentry: '录', calendar: '历', map: '图', canteen: '食', bus: '车', repair: '修', card: '卡',
  library: '书', counsel: '心', pay: '缴', jobs: '聘', cooperation: '企', visitor: '访', info: '信', fee: '费', goods: '物',
  dorm: '宿', green: '绿',
};
const AVATAR_LABELS: Record<string, string> = { t1001: '王', s2001: '张', chenxiaoyu: '陈' };
const CAROUSEL: Record<string, string> = { '1': '2026 春季开学典礼', '2': '图书馆延长开放时间', '3': '校园科技节', '4': '未来校园' };

function appIcon(name: string): string {
  const label = APP_LABELS[name] ?? name.slice(0, 2).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="${color(name)}"/><text x="48" y="62" font-size="40" text-anchor="middle" fill="#fff" font-family="sans-serif">${esc(label)}</text></svg>`;
}

function avatar(name: string): string {
  const label = AVATAR_LABELS[name] ?? name.slice(0, 1).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><circle cx="64" cy="64" r="64" fill="${color(name)}"/><text x="64" y="82" font-size="52" text-anchor="middle" fill="#fff" font-family="sans-serif">${esc(label)}</text></svg>`;
}

function banner(n: string): string {
  const title = CAROUSEL[n] ?? `Banner ${n}`;
  const c = color(`banner${n}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="#001d66"/></linearGradient></defs><rect width="750" height="300" fill="url(#g)"/><circle cx="640" cy="60" r="90" fill="#fff" opacity=".12"/><text x="375" y="170" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">${esc(title)}</text></svg>`;
}

const WEATHER_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>天气</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:linear-gradient(135deg,#4facfe,#00f2fe);color:#fff;height:100vh;display:flex;flex-direction:column;justify-content:center;align-items:center}
.t{font-size:40px;font-weight:600}.d{font-size:14px;opacity:.9}</style></head>
<body><div class="t">23°C</div><div class="d">主校区 · 多云转晴</div><div class="d">空气质量 优</div></body></html>`;

const LIBRARY_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>图书馆</title></head><body><p>图书馆组件（已停用）</p></body></html>`;

const svg = (data: string) => ({
  headers: { 'Cache-Control': 'public, max-age=3600' },
  raw: { contentType: 'image/svg+xml', data },
});

export function assetRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/sandbox/images/*',
      public: true,
      handler: (req) => {
        const m = /^(apps|avatars|carousel)\/([A-Za-z0-9_-]+)\.svg$/.exec(req.params['*'] ?? '');
        if (!m) throw notFound('图片不存在');
        const [, kind, name] = m as unknown as [string, string, string];
        if (kind === 'apps') return svg(appIcon(name));
        if (kind === 'avatars') return svg(avatar(name));
        return svg(banner(name));
      },
    },
    {
      method: 'GET',
      path: '/sandbox/widgets/weather.html',
      public: true,
      handler: () => ({ raw: { contentType: 'text/html; charset=utf-8', data: WEATHER_HTML } }),
    },
    {
      method: 'GET',
      path: '/sandbox/widgets/library.html',
      public: true,
      handler: () => ({ raw: { contentType: 'text/html; charset=utf-8', data: LIBRARY_HTML } }),
    },
  ];
}
