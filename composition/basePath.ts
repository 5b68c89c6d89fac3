/** The path of `pathname` under the folder that serves the app, or null when it is not under it. */
export function pathUnderBase(pathname: string, basePathname: string): string | null {
  const base = basePathname.endsWith('/') ? basePathname : `${basePathname}/`;
  if (pathname === base.slice(0, -1)) return '/';
  if (!pathname.startsWith(base)) return null;
  return `/${pathname.slice(base.length)}`;
}
