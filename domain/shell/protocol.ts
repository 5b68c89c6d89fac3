/**
 * Builds, encodes and validates native shell messages (see types.ts for the protocol).
 * The validators are the only way a shell message enters the app: anything that is not
 * exactly one of the known shapes is refused with null, never thrown on.
 */
import { isWebAddress, MAX_WEB_ADDRESS_LENGTH } from './links';
import {
  SHELL_PROTOCOL_VERSION,
  SHELL_SOURCE,
  type ShellEnvironment,
  type ShellInbound,
  type ShellOutbound,
} from './types';

/** The global object the shell injects; its presence is the detection flag. */
export const SHELL_BRIDGE_GLOBAL = 'CampusShellBridge';
/** The user agent token the shell appends, e.g. `CampusShell/2.3.1`, carrying the core version. */
export const SHELL_USER_AGENT_TOKEN = 'CampusShell';

export const SHELL_LIMITS = Object.freeze({
  /** That of any web address the app opens (links.ts). */
  url: MAX_WEB_ADDRESS_LENGTH,
  title: 200,
  name: 255,
  text: 4096,
  version: 64,
  requestId: 64,
  path: 2048,
  token: 4096,
  userId: 128,
  /** Safe-area insets above this are not an inset (a bad value would hide the page). */
  inset: 200,
  /** The system text size, as a factor of the normal size (Android's fontScale, iOS's content size). */
  textScale: { min: 0.5, max: 4 },
});

const REQUEST_ID = /^[A-Za-z0-9_-]+$/;
const VERSION = /^[0-9A-Za-z._+-]+$/;
const UA_VERSION = new RegExp(`(?:^|[\\s;(])${SHELL_USER_AGENT_TOKEN}/([0-9A-Za-z._+-]{1,${SHELL_LIMITS.version}})`);

type Check = (value: unknown) => boolean;

const boundedString =
  (max: number, nonBlank: boolean): Check =>
  (value) =>
    typeof value === 'string' && value.length <= max && (!nonBlank || value.trim() !== '');

const isRequestId: Check = (value) =>
  typeof value === 'string' && value.length <= SHELL_LIMITS.requestId && REQUEST_ID.test(value);
const isVersion: Check = (value) =>
  typeof value === 'string' && value.length <= SHELL_LIMITS.version && VERSION.test(value);
/** An absolute http(s) address of at most SHELL_LIMITS.url characters. */
const isUrl: Check = isWebAddress;
const isBoolean: Check = (value) => typeof value === 'boolean';
/** An in-app path: one leading '/', never '//' (another host), no backslash or control character. */
// eslint-disable-next-line no-control-regex
const isAppPath: Check = (value) => typeof value === 'string' && value.length <= SHELL_LIMITS.path && /^\/(?!\/)/.test(value) && !/[\\\u0000-\u001f\u007f]/.test(value);
const isToken: Check = (value) => typeof value === 'string' && value.length <= SHELL_LIMITS.token && /^[\x21-\x7e]+$/.test(value);
// A range refuses NaN and the infinities as well.
const isInset: Check = (value) => typeof value === 'number' && value >= 0 && value <= SHELL_LIMITS.inset;
const isTextScale: Check = (value) =>
  typeof value === 'number' && value >= SHELL_LIMITS.textScale.min && value <= SHELL_LIMITS.textScale.max;

type Shapes = Record<string, Readonly<Record<string, Check>>>;

const OUTBOUND_SHAPES: Shapes = {
  openLink: { url: isUrl, title: boundedString(SHELL_LIMITS.title, false) },
  openFile: { url: isUrl, name: boundedString(SHELL_LIMITS.name, true) },
  scan: { requestId: isRequestId },
  back: {},
  developerMode: {},
  setVibration: { enabled: isBoolean },
  getCoreVersion: { requestId: isRequestId },
  ready: {},
  signedIn: { userId: boundedString(SHELL_LIMITS.userId, true) },
  signedOut: {},
  newMessage: { title: boundedString(SHELL_LIMITS.title, false), vibrate: isBoolean },
};

const INBOUND_SHAPES: Shapes = {
  scanResult: { requestId: isRequestId, text: boundedString(SHELL_LIMITS.text, false) },
  scanCancelled: { requestId: isRequestId },
  coreVersion: { requestId: isRequestId, version: isVersion },
  vibration: { enabled: isBoolean },
  back: {},
  openRoute: { path: isAppPath },
  session: {
    accessToken: isToken,
    refreshToken: isToken,
    schoolCode: boundedString(SHELL_LIMITS.name, true),
    tenantCode: boundedString(SHELL_LIMITS.name, true),
    schoolName: boundedString(SHELL_LIMITS.name, false),
  },
  signOut: {},
  insets: { top: isInset, right: isInset, bottom: isInset, left: isInset },
  textScale: { scale: isTextScale },
};

const ENVELOPE_KEYS = ['source', 'v', 'type'];

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Accepts a JSON string or an already decoded value; a string that is not JSON is refused. */
const decode = (raw: unknown): unknown => {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
};

const validate = (raw: unknown, shapes: Shapes): Record<string, unknown> | null => {
  const value = decode(raw);
  if (!isPlainObject(value)) return null;
  if (value.source !== SHELL_SOURCE || value.v !== SHELL_PROTOCOL_VERSION) return null;
  const type = value.type;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(shapes, type)) return null;
  const shape = shapes[type] ?? {};
  const keys = Object.keys(value);
  const expected = [...ENVELOPE_KEYS, ...Object.keys(shape)];
  if (keys.length !== expected.length || !keys.every((k) => expected.includes(k))) return null;
  for (const [key, check] of Object.entries(shape)) if (!check(value[key])) return null;
  return value;
};

/** A message from the shell, or null unless it has exactly one of the inbound shapes. */
export const parseShellInbound = (raw: unknown): ShellInbound | null =>
  validate(raw, INBOUND_SHAPES) as ShellInbound | null;

/** A message for the shell, or null unless it has exactly one of the outbound shapes. */
export const parseShellOutbound = (raw: unknown): ShellOutbound | null =>
  validate(raw, OUTBOUND_SHAPES) as ShellOutbound | null;

const envelope = { source: SHELL_SOURCE, v: SHELL_PROTOCOL_VERSION } as const;

/**
 * Builders for outbound messages. Each answers null when its arguments would not pass
 * the validator (e.g. a javascript: address), so an unsafe message is never posted.
 */
export const shellMessages = Object.freeze({
  openLink: (url: string, title = ''): ShellOutbound | null =>
    parseShellOutbound({ ...envelope, type: 'openLink', url, title }),
  openFile: (url: string, name: string): ShellOutbound | null =>
    parseShellOutbound({ ...envelope, type: 'openFile', url, name }),
  scan: (requestId: string): ShellOutbound | null => parseShellOutbound({ ...envelope, type: 'scan', requestId }),
  back: (): ShellOutbound => ({ ...envelope, type: 'back' }),
  developerMode: (): ShellOutbound => ({ ...envelope, type: 'developerMode' }),
  setVibration: (enabled: boolean): ShellOutbound => ({ ...envelope, type: 'setVibration', enabled }),
  getCoreVersion: (requestId: string): ShellOutbound | null =>
    parseShellOutbound({ ...envelope, type: 'getCoreVersion', requestId }),
  ready: (): ShellOutbound => ({ ...envelope, type: 'ready' }),
  signedIn: (userId: string): ShellOutbound | null => parseShellOutbound({ ...envelope, type: 'signedIn', userId }),
  signedOut: (): ShellOutbound => ({ ...envelope, type: 'signedOut' }),
  newMessage: (title: string, vibrate: boolean): ShellOutbound | null =>
    parseShellOutbound({ ...envelope, type: 'newMessage', title: title.slice(0, SHELL_LIMITS.title), vibrate }),
});

/** Inbound builders, used by the simulated shell in tests and the sandbox. */
export const shellReplies = Object.freeze({
  scanResult: (requestId: string, text: string): ShellInbound | null =>
    parseShellInbound({ ...envelope, type: 'scanResult', requestId, text }),
  scanCancelled: (requestId: string): ShellInbound | null =>
    parseShellInbound({ ...envelope, type: 'scanCancelled', requestId }),
  coreVersion: (requestId: string, version: string): ShellInbound | null =>
    parseShellInbound({ ...envelope, type: 'coreVersion', requestId, version }),
  vibration: (enabled: boolean): ShellInbound => ({ ...envelope, type: 'vibration', enabled }),
  back: (): ShellInbound => ({ ...envelope, type: 'back' }),
  openRoute: (path: string): ShellInbound | null => parseShellInbound({ ...envelope, type: 'openRoute', path }),
  session: (s: { accessToken: string; refreshToken: string; schoolCode: string; tenantCode: string; schoolName: string }): ShellInbound | null =>
    parseShellInbound({ ...envelope, type: 'session', ...s }),
  signOut: (): ShellInbound => ({ ...envelope, type: 'signOut' }),
  insets: (i: { top: number; right: number; bottom: number; left: number }): ShellInbound | null =>
    parseShellInbound({ ...envelope, type: 'insets', ...i }),
  textScale: (scale: number): ShellInbound | null => parseShellInbound({ ...envelope, type: 'textScale', scale }),
});

/** The wire form of a message: the bridge carries strings only. */
export const encodeShellMessage = (message: ShellOutbound | ShellInbound): string => JSON.stringify(message);

/**
 * Detection: the page is in the shell when the bridge global is present (without it the
 * page could not talk to the shell anyway, so it must use the web fallbacks). The core
 * version comes from the `CampusShell/<version>` user agent token when present.
 */
export const detectShell = (bridgePresent: unknown, userAgent: unknown): ShellEnvironment => {
  const inShell = bridgePresent === true;
  if (!inShell || typeof userAgent !== 'string') return { inShell, coreVersion: null };
  const m = UA_VERSION.exec(userAgent);
  return { inShell, coreVersion: m?.[1] ?? null };
};
