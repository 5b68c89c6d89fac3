import { randomUUID } from 'node:crypto';
import type { Route, SandboxRequest } from '../module';
import { me, type Ctx } from '../core/context';
import { md5Hex, sign } from '../core/crypto';
import { ApiError, badRequest, conflict, notFound } from '../core/errors';
import type { StoredFile } from '../core/db';
import { contentTypeFor, encodeKey, extensionOf, fileUrl, FILES_DOMAIN, isSafeKey } from '../core/paths';
import { fmt } from '../core/time';
import { asObject, optNum, optStr, q, reqNum, reqStr } from '../core/validate';
import { escapeHtml } from '../core/services';
import { storedFile } from './present';

const FILE = '/v1/file-service/api';

/**
 * Headers of every user file served (docs/deploy.md "User files"): the file is its own
 * sandboxed document with no script and no access to the origin it is served from,
 * pictures and media it holds still show; the browser never guesses another type.
 */
export const USER_FILE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
});
const MAX_UPLOAD = 100 * 1024 * 1024;
const EDITABLE = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt'];

function decodeKey(raw: string): string | null {
  try {
    return raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

const sameType = (a: string | undefined, b: string): boolean =>
  (a ?? '').replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

export function fileRoutes(ctx: Ctx): Route[] {
  const { db, services } = ctx;

  /** The object key a request names, by userFileId first, else by path (a key or a file address). */
  const resolveKey = (req: SandboxRequest): { key: string; name: string } => {
    const userFileId = q(req.query, 'userFileId');
    const byId = userFileId ? db.storedFiles.find((f) => f.userFileId === userFileId) : undefined;
    let key = byId?.path;
    if (!key) {
      const raw = q(req.query, 'path')?.trim();
      if (!raw) throw badRequest('path 不能为空', 'path');
      const stripped = raw.startsWith(FILES_DOMAIN) ? raw.slice(FILES_DOMAIN.length) : raw.replace(/^\/+/, '');
      key = (stripped.includes('%') ? decodeKey(stripped) : stripped) ?? stripped;
    }
    if (!db.objects[key]) throw notFound('文件不存在');
    const name = q(req.query, 'name')?.trim() || byId?.name || key.split('/').pop() || key;
    return { key, name };
  };

  const previewUrl = (mode: 'view' | 'edit', key: string, name: string): string =>
    `/sandbox/preview?mode=${mode}&path=${encodeURIComponent(key)}&name=${encodeURIComponent(name)}`;

  return [
    {
      method: 'POST',
      path: `${FILE}/upload-file/obs-config`,
      handler: (req) => {
        const u = me(ctx, req);
        const b = asObject(req.body);
        const objectKey = reqStr(b, 'objectKey', { requiredMessage: 'objectKey 不能为空' });
        if (!isSafeKey(objectKey)) throw badRequest('objectKey 不正确', 'objectKey');
        const size = reqNum(b, 'size', { min: 0, integer: true });
        if (size > MAX_UPLOAD) throw badRequest(`文件不能大于${MAX_UPLOAD / 1024 / 1024}MB`, 'size');
        const fileMd5 = reqStr(b, 'fileMd5', { requiredMessage: 'fileMd5 不能为空' }).toLowerCase();
        const httpVerb = reqNum(b, 'httpVerb', { integer: true });
        if (httpVerb !== 2) throw badRequest('不支持的上传方式', 'httpVerb');
        const contentType = optStr(b, 'contentType') || 'text/plain';

        const fileId = randomUUID();
        const existing = Object.values(db.objects).find((o) => o.size === size && (o.declaredMd5 === fileMd5 || o.md5 === fileMd5));
        if (existing) {
          db.uploads[fileId] = { fileId, objectKey: existing.key, size, fileMd5, contentType: existing.contentType, sig: '', userId: u.id, done: true };
          services.save();
          return { body: { isBe: true, fileId, value: fileUrl(existing.key), actualSignedRequestHeaders: {} } };
        }
        // Never overwrite someone else's bytes: a taken key gets a unique folder.
        let key = objectKey;
        if (db.objects[key] || Object.values(db.uploads).some((p) => p.objectKey === key && p.userId !== u.id)) {
          const slash = key.lastIndexOf('/');
          key = `${slash >= 0 ? key.slice(0, slash + 1) : ''}${fileId.slice(0, 8)}/${key.slice(slash + 1)}`;
        }
        const sig = sign(`${key}\n${contentType}\n${fileId}`);
        db.uploads[fileId] = { fileId, objectKey: key, size, fileMd5, contentType, sig, userId: u.id, done: false };
        services.save();
        return {
          body: {
            isBe: false,
            fileId,
            // Like a real object store, the signed address is absolute: the client PUTs to it
            // as is, whatever its own service host is.
            value: `${requestOrigin(req)}/sandbox/obs/${encodeKey(key)}?sig=${sig}`,
            actualSignedRequestHeaders: { 'Content-Type': contentType, 'x-obs-sig': sig },
          },
        };
      },
    },
    {
      method: 'PUT',
      path: '/sandbox/obs/*',
      public: true,
      rawBody: true,
      handler: (req) => {
        const key = decodeKey(req.params['*'] ?? '');
        const sig = q(req.query, 'sig');
        const upload = key && sig ? Object.values(db.uploads).find((p) => p.objectKey === key && p.sig === sig && p.sig !== '') : undefined;
        if (!upload || !key) throw new ApiError(403, '签名不匹配', 'SignatureDoesNotMatch');
        if (req.headers['x-obs-sig'] !== sig) throw new ApiError(403, '签名请求头缺失或不匹配', 'SignatureDoesNotMatch');
        if (!sameType(req.headers['content-type'], upload.contentType)) throw new ApiError(403, 'Content-Type 与签名不一致', 'SignatureDoesNotMatch');
        const data = req.raw ?? Buffer.alloc(0);
        if (data.length !== upload.size) throw badRequest('文件大小与声明不一致');
        const md5 = md5Hex(data);
        db.objects[key] = { key, contentType: upload.contentType, size: data.length, declaredMd5: upload.fileMd5, md5, data: data.toString('base64'), uploadedAt: fmt(services.now()) };
        upload.done = true;
        services.save();
        return { status: 200, headers: { ETag: `"${md5}"` }, raw: { contentType: 'text/plain', data: '' } };
      },
    },
    {
      method: 'POST',
      path: `${FILE}/stored-file`,
      handler: (req) => {
        const u = me(ctx, req);
        const b = asObject(req.body);
        const id = reqStr(b, 'id', { requiredMessage: '文件 id 不能为空' });
        const showName = reqStr(b, 'showName', { requiredMessage: '文件名不能为空', max: 200 });
        optStr(b, 'name');
        const extension = optStr(b, 'extension');
        optNum(b, 'size', { min: 0 });
        const storedType = optNum(b, 'storedType', { integer: true });
        if (storedType !== undefined && storedType !== 1) throw badRequest('不支持的存储方式', 'storedType');
        optStr(b, 'fileMD5');
        const upload = db.uploads[id];
        if (!upload) throw notFound('文件不存在');
        const object = db.objects[upload.objectKey];
        if (!upload.done || !object) throw conflict('文件尚未上传完成');
        const f: StoredFile = {
          userFileId: randomUUID(),
          fileId: id,
          userId: u.id,
          name: showName,
          extension: (extension || extensionOf(showName)).replace(/^\./, '').toLowerCase(),
          size: object.size,
          path: object.key,
          creationTime: fmt(services.now()),
        };
        db.storedFiles.push(f);
        services.save();
        return { body: storedFile(f) };
      },
    },
    {
      method: 'POST',
      path: `${FILE}/stored-file/new-files`,
      handler: (req) => {
        const u = me(ctx, req);
        const b = asObject(req.body);
        const name = reqStr(b, 'name', { requiredMessage: '请输入文件名称', max: 40, maxMessage: '文件名称不能超过40个字符' });
        const suffix = reqStr(b, 'suffix', { requiredMessage: '请选择文件类型' }).replace(/^\./, '').toLowerCase();
        if (!db.fileTypes.some((t) => t.suffix === suffix)) throw badRequest('不支持的文件类型', 'suffix');
        if (/[\\/:*?"<>|]/.test(name)) throw badRequest('文件名称不能包含特殊字符', 'name');
        const id = randomUUID();
        const fileName = `${name}.${suffix}`;
        const key = `documents/${u.id}/${id.slice(0, 8)}/${fileName}`;
        const data = Buffer.alloc(0);
        const md5 = md5Hex(data);
        db.objects[key] = { key, contentType: contentTypeFor(fileName), size: 0, declaredMd5: md5, md5, data: '', uploadedAt: fmt(services.now()) };
        db.uploads[id] = { fileId: id, objectKey: key, size: 0, fileMd5: md5, contentType: contentTypeFor(fileName), sig: '', userId: u.id, done: true };
        const f: StoredFile = { userFileId: randomUUID(), fileId: id, userId: u.id, name: fileName, extension: suffix, size: 0, path: key, creationTime: fmt(services.now()) };
        db.storedFiles.push(f);
        services.save();
        return { body: storedFile(f) };
      },
    },
    {
      method: 'GET',
      path: `${FILE}/stored-file/file-type`,
      handler: () => ({ body: db.fileTypes.map((t) => ({ ...t })) }),
    },
    {
      method: 'POST',
      path: `${FILE}/stored-file/file-type-view`,
      handler: () => ({ body: db.previewable.join(',') }),
    },
    {
      method: 'GET',
      path: `${FILE}/stored-file/online-view`,
      handler: (req) => {
        const { key, name } = resolveKey(req);
        const ext = extensionOf(name) || extensionOf(key);
        // No preview: an empty address (the client shows 暂不支持预览).
        return { body: db.previewable.includes(ext) ? previewUrl('view', key, name) : '' };
      },
    },
    {
      method: 'GET',
      path: `${FILE}/stored-file/online-edit`,
      handler: (req) => {
        const { key, name } = resolveKey(req);
        const ext = extensionOf(name) || extensionOf(key);
        return { body: EDITABLE.includes(ext) ? previewUrl('edit', key, name) : '' };
      },
    },
    {
      method: 'PUT',
      path: '/v1/system-service/api/account/user-head',
      handler: (req) => {
        const u = me(ctx, req);
        const b = asObject(req.body);
        const userPath = reqStr(b, 'userPath', { requiredMessage: '头像地址不能为空' });
        optStr(b, 'userObject');
        if (userPath.startsWith(FILES_DOMAIN)) {
          const key = decodeKey(userPath.slice(FILES_DOMAIN.length).split('?')[0]!);
          if (!key || !db.objects[key]) throw notFound('头像文件不存在');
        }
        u.userImage = userPath;
        u.photoUrl = userPath;
        services.save();
        return { body: {} };
      },
    },
    {
      method: 'GET',
      path: '/sandbox/files/*',
      public: true,
      handler: (req) => {
        const key = decodeKey(req.params['*'] ?? '');
        const object = key ? db.objects[key] : undefined;
        if (!key || !object) throw notFound('文件不存在');
        const stored = db.storedFiles.find((f) => f.path === key);
        const name = q(req.query, 'name') || stored?.name || key.split('/').pop() || 'file';
        const disposition = q(req.query, 'download') ? 'attachment' : 'inline';
        return {
          headers: {
            'Content-Disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`,
            // User files never run script at the service's origin, whatever they hold
            // (an SVG or HTML upload): docs/deploy.md "User files".
            ...USER_FILE_HEADERS,
            'Cache-Control': 'private, max-age=60',
            ETag: `"${object.md5}"`,
          },
          raw: { contentType: object.contentType || contentTypeFor(name), data: Buffer.from(object.data, 'base64') },
        };
      },
    },
    {
      method: 'GET',
      path: '/sandbox/preview',
      public: true,
      handler: (req) => {
        const mode = q(req.query, 'mode') === 'edit' ? 'edit' : 'view';
        const key = q(req.query, 'path') ?? '';
        const object = db.objects[key];
        if (!object) throw notFound('文件不存在');
        const name = q(req.query, 'name') || key.split('/').pop() || key;
        return { raw: { contentType: 'text/html; charset=utf-8', data: previewPage(mode, key, name, object.contentType, Buffer.from(object.data, 'base64')) } };
      },
    },
  ];
}

function previewPage(mode: 'view' | 'edit', key: string, name: string, contentType: string, data: Buffer): string {
  const ext = extensionOf(name) || extensionOf(key);
  const src = `${fileUrl(key)}`;
  let body: string;
  if (['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg'].includes(ext)) body = `<img alt="${escapeHtml(name)}" src="${src}">`;
  else if (ext === 'pdf') body = `<iframe title="${escapeHtml(name)}" src="${src}"></iframe>`;
  else if (ext === 'txt' || contentType.startsWith('text/')) {
    const text = escapeHtml(data.toString('utf8'));
    body = mode === 'edit' ? `<textarea aria-label="文档内容">${text}</textarea>` : `<pre>${text || '（空文档）'}</pre>`;
  } else body = `<p>${data.length === 0 ? '（空文档）' : `${escapeHtml(ext.toUpperCase())} 文档，${data.length} 字节`}</p>`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#222}h1{font-size:16px;word-break:break-all}
img{max-width:100%}iframe{width:100%;height:80vh;border:1px solid #ddd}pre{white-space:pre-wrap;background:#f7f7f7;padding:12px}
textarea{width:100%;height:60vh;box-sizing:border-box}.tag{display:inline-block;font-size:12px;color:#fff;background:#1677ff;border-radius:4px;padding:2px 6px}</style></head>
<body><span class="tag">${mode === 'edit' ? '在线编辑（沙箱）' : '在线预览（沙箱）'}</span><h1>${escapeHtml(name)}</h1>${body}</body></html>`;
}

/** The origin the client reached us on (the dev proxy keeps the browser's Host). */
function requestOrigin(req: { headers: Record<string, string | undefined> }): string {
  const host = req.headers['host'] ?? '127.0.0.1';
  const proto = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}
