/**
 * THE frame rule: the sandbox of every frame that shows a page the backend named (the
 * web view, the iframe page, home's iframe widgets, a form's iframe block, online
 * preview and edit). One rule, so no surface can be looser than another.
 *
 * - Scripts, forms, popups and downloads are allowed: the pages are apps and previews.
 * - Never `allow-popups-to-escape-sandbox`: a popup keeps the frame's sandbox, or a page
 *   could open a window at the app's origin with no sandbox at all.
 * - Never `allow-modals` or `allow-top-navigation`: a framed page shows no browser
 *   dialog over the app and cannot take the app's window elsewhere.
 * - `allow-same-origin` only for an origin the deployment trusts (config.json
 *   `trustedFrameOrigins`, e.g. an online office editor that needs its own storage), and
 *   never for the app's own origin. The flags are fixed when the frame is made, from the
 *   first address, whatever that page redirects to: any page not trusted runs in an
 *   opaque origin, so even one that ends up at the app's origin after redirects cannot
 *   reach the app, its storage or its token. What a trusted origin might redirect to is
 *   the server's part (docs/deploy.md, "User files").
 */

export const FRAME_SANDBOX_FLAGS: readonly string[] = ['allow-scripts', 'allow-forms', 'allow-popups', 'allow-downloads'];

export interface FrameEnvironment {
  /** The origin of the app's page ('https://campus.edu'). */
  readonly appOrigin: string;
  /** Origins whose pages keep their own origin (cookies, storage) in a frame. */
  readonly trustedOrigins: readonly string[];
}

const originOf = (address: string): string | null => {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/** The sandbox attribute of a frame showing `address`. */
export function frameSandbox(address: string, env: FrameEnvironment): string {
  const origin = originOf(address);
  const trusted = origin !== null && origin !== originOf(env.appOrigin) && env.trustedOrigins.some((o) => originOf(o) === origin);
  return (trusted ? [...FRAME_SANDBOX_FLAGS, 'allow-same-origin'] : FRAME_SANDBOX_FLAGS).join(' ');
}
