import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideLink, pathExtension, type LinkDecision, type LinkEnvironment, type LinkSurface } from '../../../../domain/shell/linkPolicy';
import { frameSandbox, FRAME_SANDBOX_FLAGS } from '../../../../domain/shell/framePolicy';
import { isLinkableRoute } from '../../../../application/shared/routes';

const APP = 'https://campus.edu';
const env = (inShell: boolean): LinkEnvironment => ({
  appBase: `${APP}/app/`,
  base: `${APP}/app/page/notice?id=1`,
  inShell,
  isLinkableRoute,
});

/** The kinds of address a backend sends, by name. */
const ADDRESSES = {
  appRoute: `${APP}/app/page/todo?todoId=7#top`,
  sitePathRoute: '/app/page/approvalCenter/flowApproval?runId=1',
  relativeRoute: 'page/todo',
  appRoot: `${APP}/app/`,
  signInRoute: '/app/sso?ticket=someone-else',
  loginRoute: `${APP}/app/login`,
  unknownPath: `${APP}/app/no/such/page`,
  outsideBase: `${APP}/admin/panel`,
  samePage: `${APP}/app/widgets/weather.html`,
  sameSvg: `${APP}/files/evil.svg`,
  samePdf: '/files/a.PDF',
  foreignHttps: 'https://evil.example/login',
  foreignHttp: 'http://evil.example/',
  foreignPdf: 'https://cdn.example/a.pdf',
  javascript: 'javascript:alert(1)',
  javascriptMixed: ' JaVa\tScRiPt:alert(1)',
  javascriptEntity: '&#106;avascript:alert(1)',
  data: 'data:text/html,<script>alert(1)</script>',
  vbscript: 'vbscript:msgbox(1)',
  protocolRelative: '//evil.example/x',
  backslash: '/\\evil.example',
  credentials: 'https://user:pw@evil.example/',
  ftp: 'ftp://files.example/a',
  mailto: 'mailto:office@campus.edu',
  tel: 'tel:400-800-1234',
  fragment: '#section-2',
  empty: '',
  notText: 42,
} as const;
type AddressKind = keyof typeof ADDRESSES;

const R: LinkDecision = { kind: 'refused' };
const route = (path: string): LinkDecision => ({ kind: 'route', path });
const view = (url: string, foreign: boolean): LinkDecision => ({ kind: 'webView', url, foreign });
const file = (url: string): LinkDecision => ({ kind: 'file', url });
const shell = (url: string): LinkDecision => ({ kind: 'shellBrowser', url });
const download = (url: string, newWindow: boolean): LinkDecision => ({ kind: 'download', url, newWindow });

/**
 * What a page link (server HTML, a notice link, an app address) does, in a browser and
 * in the shell. Server HTML alone reads relative paths, mail and phone links and marks.
 */
const PAGE_LINK: Record<AddressKind, readonly [browser: LinkDecision, inShell: LinkDecision]> = {
  appRoute: [route('/page/todo?todoId=7#top'), route('/page/todo?todoId=7#top')],
  sitePathRoute: [route('/page/approvalCenter/flowApproval?runId=1'), route('/page/approvalCenter/flowApproval?runId=1')],
  relativeRoute: [R, R],
  appRoot: [route('/'), route('/')],
  signInRoute: [view(`${APP}/app/sso?ticket=someone-else`, false), view(`${APP}/app/sso?ticket=someone-else`, false)],
  loginRoute: [view(`${APP}/app/login`, false), view(`${APP}/app/login`, false)],
  unknownPath: [view(`${APP}/app/no/such/page`, false), view(`${APP}/app/no/such/page`, false)],
  outsideBase: [view(`${APP}/admin/panel`, false), view(`${APP}/admin/panel`, false)],
  samePage: [view(`${APP}/app/widgets/weather.html`, false), view(`${APP}/app/widgets/weather.html`, false)],
  sameSvg: [file(`${APP}/files/evil.svg`), file(`${APP}/files/evil.svg`)],
  samePdf: [file(`${APP}/files/a.PDF`), file(`${APP}/files/a.PDF`)],
  foreignHttps: [view('https://evil.example/login', true), shell('https://evil.example/login')],
  foreignHttp: [view('http://evil.example/', true), shell('http://evil.example/')],
  foreignPdf: [view('https://cdn.example/a.pdf', true), shell('https://cdn.example/a.pdf')],
  javascript: [R, R],
  javascriptMixed: [R, R],
  javascriptEntity: [R, R],
  data: [R, R],
  vbscript: [R, R],
  protocolRelative: [R, R],
  backslash: [R, R],
  credentials: [R, R],
  ftp: [R, R],
  mailto: [R, R],
  tel: [R, R],
  fragment: [R, R],
  empty: [R, R],
  notText: [R, R],
};

/** Server HTML differs from the other page surfaces only here. */
const SERVER_HTML_ONLY: Partial<Record<AddressKind, LinkDecision>> = {
  // Read against the page it is on, as a browser would: /app/page/notice -> /app/page/page/todo.
  relativeRoute: view(`${APP}/app/page/page/todo`, false),
  mailto: { kind: 'system', url: 'mailto:office@campus.edu' },
  tel: { kind: 'system', url: 'tel:400-800-1234' },
  fragment: { kind: 'inPage' },
};

const FILE_LINK: Record<AddressKind, LinkDecision> = {
  appRoute: file(`${APP}/app/page/todo?todoId=7#top`),
  sitePathRoute: file(`${APP}/app/page/approvalCenter/flowApproval?runId=1`),
  relativeRoute: R,
  appRoot: file(`${APP}/app/`),
  signInRoute: file(`${APP}/app/sso?ticket=someone-else`),
  loginRoute: file(`${APP}/app/login`),
  unknownPath: file(`${APP}/app/no/such/page`),
  outsideBase: file(`${APP}/admin/panel`),
  samePage: file(`${APP}/app/widgets/weather.html`),
  sameSvg: file(`${APP}/files/evil.svg`),
  samePdf: file(`${APP}/files/a.PDF`),
  foreignHttps: file('https://evil.example/login'),
  foreignHttp: file('http://evil.example/'),
  foreignPdf: file('https://cdn.example/a.pdf'),
  javascript: R,
  javascriptMixed: R,
  javascriptEntity: R,
  data: R,
  vbscript: R,
  protocolRelative: R,
  backslash: R,
  credentials: R,
  ftp: R,
  mailto: R,
  tel: R,
  fragment: R,
  empty: R,
  notText: R,
};

const asDownload = (d: LinkDecision): LinkDecision =>
  d.kind === 'file' ? download(d.url, new URL(d.url).origin !== APP) : d;

const CASES: Array<[LinkSurface, AddressKind, boolean, LinkDecision]> = [];
for (const kind of Object.keys(ADDRESSES) as AddressKind[]) {
  for (const inShell of [false, true]) {
    const page = PAGE_LINK[kind][inShell ? 1 : 0];
    CASES.push(['serverHtml', kind, inShell, SERVER_HTML_ONLY[kind] ?? page]);
    CASES.push(['notice', kind, inShell, page]);
    CASES.push(['app', kind, inShell, page]);
    CASES.push(['file', kind, inShell, FILE_LINK[kind]]);
    CASES.push(['download', kind, inShell, asDownload(FILE_LINK[kind])]);
  }
}

describe('the link policy: surface x kind of address -> outcome', () => {
  it.each(CASES)('%s, %s, in shell %s', (surface, kind, inShell, expected) => {
    expect(decideLink(ADDRESSES[kind], surface, env(inShell))).toEqual(expected);
  });

  it('never sends the app window anywhere: every page link is a route, a web view, the shell, a file, the phone or nothing', () => {
    const surfaces: LinkSurface[] = ['serverHtml', 'notice', 'app', 'file', 'download'];
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom(...Object.values(ADDRESSES))), fc.constantFrom(...surfaces), fc.boolean(), (raw, surface, inShell) => {
        const d = decideLink(raw, surface, env(inShell));
        if (d.kind === 'route') expect(d.path.startsWith('/')).toBe(true);
        if (d.kind === 'webView' || d.kind === 'file' || d.kind === 'download' || d.kind === 'shellBrowser') {
          expect(['http:', 'https:']).toContain(new URL(d.url).protocol);
        }
        // A foreign address is never shown as the app's own page, nor handed to the shell from the app's origin.
        if (d.kind === 'webView') expect(d.foreign).toBe(new URL(d.url).origin !== APP);
        if (d.kind === 'shellBrowser') expect(new URL(d.url).origin).not.toBe(APP);
        if (d.kind === 'system') expect(surface).toBe('serverHtml');
      }),
      { numRuns: 500 },
    );
  });

  it('refuses everything when the app base is not a web address', () => {
    expect(decideLink('https://a.example/', 'notice', { ...env(false), appBase: 'nonsense' })).toEqual(R);
  });

  it('refuses everything when the app base is not an http(s) address, and reads one on http', () => {
    expect(decideLink('/page/todo', 'notice', { ...env(false), appBase: 'ftp://campus.edu/app/' })).toEqual(R);
    expect(decideLink('/page/todo', 'notice', { ...env(false), appBase: 'file:///app/' })).toEqual(R);
    const http: LinkEnvironment = { ...env(false), appBase: 'http://campus.edu/app/', base: 'http://campus.edu/app/page/notice' };
    expect(decideLink('/app/page/todo', 'notice', http)).toEqual(route('/page/todo'));
  });

  it('reads the app base with or without its trailing slashes', () => {
    for (const appBase of [`${APP}/app`, `${APP}/app/`, `${APP}/app//`]) {
      expect(decideLink('/app/page/todo', 'notice', { ...env(false), appBase })).toEqual(route('/page/todo'));
      expect(decideLink(`${APP}/app`, 'notice', { ...env(false), appBase })).toEqual(route('/'));
    }
  });

  it('a path outside the app base is never taken for a route, even when what follows a prefix of its length is one', () => {
    // '/xyz' is as long as '/app': '/xyz/page/todo' less 4 characters is '/page/todo'.
    expect(decideLink(`${APP}/xyz/page/todo`, 'notice', env(false))).toEqual(view(`${APP}/xyz/page/todo`, false));
    expect(decideLink(`${APP}/apppage/todo`, 'notice', env(false))).toEqual(view(`${APP}/apppage/todo`, false));
  });

  it('a colon later in a relative path does not make it an address with a scheme', () => {
    for (const relative of ['page/a:b', 'page/todo?at=am:10']) {
      expect(decideLink(relative, 'notice', env(false))).toEqual(R);
      expect(decideLink(relative, 'app', env(true))).toEqual(R);
      expect(decideLink(relative, 'serverHtml', env(false))).toEqual(view(`${APP}/app/page/${relative}`, false));
    }
  });

  it('refuses a relative path in server HTML that resolves to an address over the length limit, or against a page that is not a web address', () => {
    expect(decideLink('a'.repeat(8180), 'serverHtml', env(false))).toEqual(R);
    expect(decideLink('a'.repeat(100), 'serverHtml', env(false))).toEqual(view(`${APP}/app/page/${'a'.repeat(100)}`, false));
    expect(decideLink('page/todo', 'serverHtml', { ...env(false), base: 'nonsense' })).toEqual(R);
  });

  it('reads an app at the root of its origin', () => {
    const root: LinkEnvironment = { ...env(false), appBase: `${APP}/`, base: `${APP}/page/notice` };
    expect(decideLink('/page/todo', 'notice', root)).toEqual(route('/page/todo'));
    expect(decideLink(`${APP}/sso`, 'notice', root)).toEqual(view(`${APP}/sso`, false));
  });

  it.each([
    ['/a/b.PDF', 'pdf'],
    ['/a/b', ''],
    ['/a/.hidden', ''],
    ['/a/b.', ''],
    ['/a.b/c', ''],
    ['/a/b.tar.gz', 'gz'],
    ['/a/b.x-y', ''],
  ])('the extension of %s is %j', (path, ext) => expect(pathExtension(path)).toBe(ext));
});

describe('the frame rule', () => {
  const appOrigin = APP;
  const BASE = FRAME_SANDBOX_FLAGS.join(' ');
  it.each([
    ['the app origin', `${APP}/files/a.html`, [], BASE],
    ['the app origin even when listed as trusted', `${APP}/files/a.html`, [APP], BASE],
    ['a foreign page', 'https://evil.example/', [], BASE],
    ['a foreign page on another trusted origin', 'https://evil.example/', ['https://office.example'], BASE],
    ['a trusted office editor', 'https://office.example/edit?id=1', ['https://office.example'], `${BASE} allow-same-origin`],
    ['a trusted office editor on http', 'http://office.example/edit?id=1', ['http://office.example'], `${BASE} allow-same-origin`],
    ['a trusted origin on another port is another origin', 'https://office.example:8443/', ['https://office.example'], BASE],
    ['not an address', 'nonsense', ['https://office.example'], BASE],
    ['javascript:', 'javascript:alert(1)', ['https://office.example'], BASE],
    ['not an address, beside a trusted entry that is not one either', 'nonsense', ['also nonsense'], BASE],
    ['an ftp page of an origin listed as ftp', 'ftp://office.example/a', ['ftp://office.example'], BASE],
  ])('%s', (_name, address, trusted, expected) => {
    expect(frameSandbox(address, { appOrigin, trustedOrigins: trusted })).toBe(expected);
  });

  it('never lets a popup escape, a dialog show or the top window move', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), fc.array(fc.webUrl()), (address, trusted) => {
        const flags = frameSandbox(address, { appOrigin, trustedOrigins: trusted }).split(' ');
        for (const never of ['allow-popups-to-escape-sandbox', 'allow-modals', 'allow-top-navigation', 'allow-top-navigation-by-user-activation']) {
          expect(flags).not.toContain(never);
        }
        if (flags.includes('allow-same-origin')) expect(new URL(address).origin).not.toBe(appOrigin);
      }),
      { numRuns: 300 },
    );
  });
});
