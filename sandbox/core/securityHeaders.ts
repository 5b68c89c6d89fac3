/**
 * The security headers of the built client: one place that turns a deployment's
 * config.json into a Content-Security-Policy and its companions. The production server
 * (sandbox/core/static.ts) sends them on every page and asset it serves, and
 * `npx tsx scripts/security-headers.ts dist/config.json` prints the same headers as
 * nginx `add_header` lines for docs/deploy.md, so the two cannot drift apart.
 *
 * Why each source is there:
 * - script-src 'self' 'wasm-unsafe-eval': the bundle has no inline script (index.html
 *   only loads /assets/*.js); the MD5 engine (infrastructure/upload/md5Wasm.ts) compiles its WebAssembly for the MD5 of
 *   uploads, which CSP treats as eval unless 'wasm-unsafe-eval' is given. No 'unsafe-eval'.
 * - style-src 'self' + style-src-attr 'unsafe-inline': every stylesheet is a file, and no
 *   <style> element may be injected. Style *attributes* are allowed, because rich text
 *   (notice bodies and form paragraphs, sanitised by DOMPurify, which keeps `style`) and
 *   library markup (qr-scanner's overlay, cytoscape) carry them; React and antd-mobile set
 *   styles through the CSSOM, which CSP does not govern. An attribute cannot load a
 *   script, so this keeps the script policy intact.
 * - img-src data: blob:: the favicon is `data:,`, QR codes are data: URLs, picked photos
 *   and the cropper preview are blob: URLs.
 * - worker-src 'self' blob:: the MD5 worker is a file; qr-scanner starts its decoder
 *   from a blob: URL.
 * - connect-src: the API and the SignalR hub live on the service host (`defaultHost`,
 *   or the school's `SaasAddress`, listed in `security.apiOrigins`); each http(s) origin
 *   is also allowed as ws(s) for the hub. 'self' covers the page's own ws(s) in CSP 3.
 * - frame-src: the web-view page, iframe widgets, form iframes and online previews show
 *   pages the school configures; default 'self' https:, every frame is also sandboxed
 *   (presentation), and `security.frameOrigins` narrows it to a list.
 * - base-uri 'none': no <base> element; the server writes absolute asset addresses into
 *   index.html instead (static.ts), so deep links under a base path still load.
 * - frame-ancestors 'self' (+ `security.frameAncestors`), with X-Frame-Options SAMEORIGIN
 *   for old browsers when no other ancestor is allowed (X-Frame-Options cannot list
 *   origins, and browsers that know frame-ancestors ignore it).
 */

export interface SecuritySettings {
  /** Service hosts and file storage the app calls and loads images from (besides its own origin). */
  readonly apiOrigins: readonly string[];
  /** Sources frames may show (besides 'self'). */
  readonly frameOrigins: readonly string[];
  /** Origins that may embed the app in a frame (besides 'self'). */
  readonly frameAncestors: readonly string[];
}

export interface ParsedSecuritySettings {
  readonly settings: SecuritySettings;
  /** Entries that were not valid sources and were left out (for a warning). */
  readonly rejected: readonly string[];
}

/** Frames show school-configured https pages unless config.json lists the allowed ones. */
export const DEFAULT_FRAME_ORIGINS: readonly string[] = ['https:'];

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * A source this module accepts: an http(s) origin, optionally with a `*.` host
 * wildcard and a port, lower case, nothing after the host. Anything else (paths, quotes,
 * semicolons, spaces, keywords such as 'unsafe-inline') is refused, so config.json can
 * never widen the policy beyond adding hosts, nor inject a directive.
 */
const ORIGIN_SOURCE = /^(https?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;
const SCHEME_SOURCE = /^https?:$/;

/** 'https://Files.School.edu/' -> 'https://files.school.edu'; null when not an origin. */
export function originSource(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const s = value.trim().toLowerCase().replace(/\/+$/, '');
  return ORIGIN_SOURCE.test(s) ? s : null;
}

const frameSource = (value: unknown): string | null => {
  if (typeof value === 'string' && SCHEME_SOURCE.test(value.trim().toLowerCase())) return value.trim().toLowerCase();
  return originSource(value);
};

/** The origin of an absolute http(s) address (defaultHost, schoolLookupUrl); null for '' or a path. */
function originOfAddress(value: unknown): string | null {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim())) return null;
  try {
    const url = new URL(value.trim());
    return url.username || url.password ? null : originSource(url.origin);
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function listOf(value: unknown, parse: (v: unknown) => string | null, rejected: string[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    rejected.push(String(value));
    return [];
  }
  const out: string[] = [];
  for (const item of value) {
    const source = parse(item);
    if (source === null) rejected.push(String(item));
    else if (!out.includes(source)) out.push(source);
  }
  return out;
}

/**
 * Reads the security settings from a config.json object: `defaultHost` and an absolute
 * `schoolLookupUrl` count as API origins, plus the optional
 * `security: { apiOrigins, frameOrigins, frameAncestors }` (docs/deploy.md). The client
 * ignores the `security` key (unknown keys are ignored, docs/config.md).
 */
export function parseSecuritySettings(config: unknown): ParsedSecuritySettings {
  const c = isRecord(config) ? config : {};
  const security = isRecord(c['security']) ? c['security'] : {};
  const rejected: string[] = [];
  const apiOrigins: string[] = [];
  for (const o of [originOfAddress(c['defaultHost']), originOfAddress(c['schoolLookupUrl']), ...listOf(security['apiOrigins'], originSource, rejected)]) {
    if (o !== null && !apiOrigins.includes(o)) apiOrigins.push(o);
  }
  const frames = security['frameOrigins'] === undefined ? [...DEFAULT_FRAME_ORIGINS] : listOf(security['frameOrigins'], frameSource, rejected);
  const frameAncestors = listOf(security['frameAncestors'], originSource, rejected);
  return { settings: { apiOrigins, frameOrigins: frames, frameAncestors }, rejected };
}

/** 'https://api.x' -> 'wss://api.x', 'http://h:8' -> 'ws://h:8' (the hub's WebSocket). */
const socketOrigin = (origin: string): string => origin.replace(/^http/, 'ws');

export function contentSecurityPolicy(settings: SecuritySettings): string {
  const api = settings.apiOrigins;
  const directives: Array<[string, readonly string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
    ['style-src', ["'self'"]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...api]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...api.flatMap((o) => [o, socketOrigin(o)])]],
    ['media-src', ["'self'", 'blob:', ...api]],
    ['frame-src', ["'self'", ...settings.frameOrigins]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'", ...settings.frameAncestors]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Every header the client's pages and assets are sent with. */
export function securityHeaders(settings: SecuritySettings): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(settings),
    'Referrer-Policy': REFERRER_POLICY,
    'X-Content-Type-Options': 'nosniff',
    ...(settings.frameAncestors.length === 0 ? { 'X-Frame-Options': 'SAMEORIGIN' } : {}),
  };
}

/** The headers for a config.json object (what the server serves as config.json). */
export const securityHeadersForConfig = (config: unknown): Record<string, string> => securityHeaders(parseSecuritySettings(config).settings);

/**
 * The same headers as nginx `add_header ... always;` lines (docs/deploy.md); `always`
 * so error pages carry them too. Values never contain a double quote (sources are
 * validated above), so quoting them is safe.
 */
export const nginxHeaderLines = (config: unknown): string[] =>
  Object.entries(securityHeadersForConfig(config)).map(([name, value]) => `add_header ${name} "${value}" always;`);
