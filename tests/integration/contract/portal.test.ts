import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';
import { HttpPortalApi } from '../../../infrastructure/portal/portalApi';
import { PortalLayoutAnswerSchema } from '../../../infrastructure/portal/schemas';
import { loginAs } from './support/partA';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataFile: null, quiet: true });
});
afterAll(async () => {
  await sb.close();
});

const portalFor = async (account: string) => new HttpPortalApi((await loginAs(sb.url, account)).http);

describe('HttpPortalApi against the sandbox', () => {
  it('reads the staff portal layout by userType', async () => {
    const api = await portalFor('t1001');
    const layout = await api.portalLayout(1);
    expect(layout).not.toBeNull();
    expect(layout!.platform).toBe('mobile');
    expect(String(layout!.v)).not.toBe('');
    const codes = layout!.widgets.map((w) => w.code);
    expect(codes).toEqual(expect.arrayContaining(['mobile-oa', 'mobile-carousel', 'mobile-app', 'mobile-todo', 'mobile-note', 'weather']));
    for (const w of layout!.widgets) expect(w).toEqual(expect.objectContaining({ x: expect.any(Number), y: expect.any(Number), w: expect.any(Number), h: expect.any(Number) }));
  });

  it('answers null when the user type has no portal (empty body, e4001 enterprise)', async () => {
    const api = await portalFor('e4001');
    await expect(api.portalLayout(4)).resolves.toBeNull();
  });

  it('reads the widget info of the asked codes, disabled ones with state 0', async () => {
    const api = await portalFor('t1001');
    const infos = await api.widgetInfo(['mobile-app', 'weather', 'mobile-library', 'not-a-widget']);
    const byCode = Object.fromEntries(infos.map((i) => [i.code, i]));
    expect(Object.keys(byCode).sort()).toEqual(['mobile-app', 'mobile-library', 'weather']);
    expect(byCode['mobile-app']!.state).toBe(1);
    expect(byCode['mobile-library']!.state).toBe(0);
    expect(byCode['weather']!.url).toBe('/sandbox/widgets/weather.html');
  });

  it('reads the mobile carousel (Type=1) only', async () => {
    const api = await portalFor('s2001');
    const images = await api.carouselImages();
    expect(images.map((i) => i.imageName)).toEqual(['2026 春季开学典礼', '图书馆延长开放时间', '校园科技节']);
    expect(images[0]).toMatchObject({ id: 'car-1', imageAddress: '/sandbox/images/carousel/1.svg', jumpAddress: 'https://example.com/campus/news/opening' });
  });

  it('reads the OA widget lists with both tab counts', async () => {
    const api = await portalFor('t1002');
    const waiting = await api.oaWidget({ pageSize: 10, type: '0' });
    expect(waiting.list.length).toBeGreaterThan(0);
    expect(waiting.waiting).toBeGreaterThanOrEqual(waiting.list.length);
    expect(typeof waiting.receive).toBe('number');
    for (const item of waiting.list) expect(item).toEqual(expect.objectContaining({ id: expect.any(String), title: expect.any(String), numberStr: expect.any(String) }));

    const small = await api.oaWidget({ pageSize: 1, type: '0' });
    expect(small.list.length).toBeLessThanOrEqual(1);
    expect(small.waiting).toBe(waiting.waiting);

    const toRead = await api.oaWidget({ pageSize: 10, type: '1' });
    expect(toRead.receive).toBe(waiting.receive);
    expect(toRead.list.length).toBeGreaterThan(0);
    expect(toRead.list.every((i) => i.isRead !== true)).toBe(true);
  });

  it('rejects a bad tab type with the server message', async () => {
    const api = await portalFor('t1002');
    await expect(api.oaWidget({ pageSize: 10, type: '7' as '0' })).rejects.toMatchObject({ kind: 'http', status: 400 });
  });
});

describe('PortalLayoutAnswerSchema', () => {
  it.each([[''], [null], [undefined]])('reads %j as no config', (body) => {
    expect(PortalLayoutAnswerSchema.parse(body)).toBeNull();
  });

  it('decodes a layout sent as JSON text and keeps unknown fields', () => {
    const parsed = PortalLayoutAnswerSchema.parse(JSON.stringify({ v: 1, platform: 'mobile', widgets: [{ code: 'mobile-app', x: 0, y: 0, w: 2, h: 8 }], extra: 'kept' }));
    expect(parsed).toMatchObject({ v: 1, extra: 'kept', widgets: [{ code: 'mobile-app' }] });
  });

  it('reads a layout without widgets as an empty layout, and refuses text that is not JSON', () => {
    const empty = PortalLayoutAnswerSchema.safeParse({ v: '1', platform: 'mobile' });
    expect(empty.success && empty.data).toMatchObject({ widgets: [] });
    expect(PortalLayoutAnswerSchema.safeParse({ v: 1, platform: 'mobile', widgets: [{ code: 'a', x: '0', y: '0', w: '2', h: '4' }] }).success).toBe(true);
    expect(PortalLayoutAnswerSchema.safeParse('not json').success).toBe(false);
  });
});
