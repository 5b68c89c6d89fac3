import type { Route } from '../module';
import { notFound } from '../core/errors';
import { USER_FILE_HEADERS } from '../routes/files';
import { HOSTILE_FILES } from './pages';

/**
 * /sandbox/hostile/file/<name>: a hostile page served as a user file, with the headers
 * of docs/deploy.md "User files". /sandbox/hostile/raw/<name>: the same page without
 * them. Names: evil.html, evil.svg, popup.html.
 */
export function hostileRoutes(): Route[] {
  const serve = (withHeaders: boolean): Route['handler'] => (req) => {
    const file = HOSTILE_FILES[req.params['*'] ?? ''];
    if (!file) throw notFound('文件不存在');
    return { headers: withHeaders ? { ...USER_FILE_HEADERS } : {}, raw: { contentType: file.contentType, data: file.data } };
  };
  return [
    { method: 'GET', path: '/sandbox/hostile/file/*', public: true, handler: serve(true) },
    { method: 'GET', path: '/sandbox/hostile/raw/*', public: true, handler: serve(false) },
  ];
}
