import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { ApiError } from '../../../application/ports/errors';
import { regionsToOptions } from '../../../domain/forms/dataSource';
import { buildFormData } from '../../../domain/forms/formData';
import { applyRestoredValues, initialFormState } from '../../../domain/forms';
import type { FormDefinition } from '../../../domain/forms/types';
import { HttpFormsApi } from '../../../infrastructure/forms/formsApi';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { cannedServer, loginAs } from './support/partB';

const sb = testSandbox();

const formsApi = async (account = 't1001') => new HttpFormsApi((await loginAs(sb.url, account)).http);

describe('HttpFormsApi against the sandbox', () => {
  it('GET dictionary/drop-down-list?code= maps { id, name } to options (name -> label, id -> value)', async () => {
    const options = await (await formsApi()).dictionary('leave_type');
    expect(options[0]).toEqual({ label: '事假', value: 'leave-1' });
    expect(options.map((o) => o.label)).toEqual(['事假', '病假', '年假', '婚假', '产假', '丧假', '调休']);
  });

  it('an unknown dictionary is an empty list; a blank code is the server error', async () => {
    const api = await formsApi();
    await expect(api.dictionary('no_such_dictionary')).resolves.toEqual([]);
    await expect(api.dictionary('')).rejects.toMatchObject({ kind: 'http', status: 400, message: 'code 不能为空' });
  });

  it('GET area/cascader answers region nodes { name, code, leve, children } down to districts', async () => {
    const regions = await (await formsApi()).regions();
    const china = regions.find((r) => r.name === '中国');
    expect(china).toMatchObject({ code: '100000', leve: 0 });
    const beijing = china?.children?.find((p) => p.name === '北京市');
    expect(beijing?.leve).toBe(1);
    expect(beijing?.children?.[0]?.children?.map((d) => d.name)).toContain('海淀区');
    // The address field's cascader starts at provinces.
    const options = regionsToOptions(regions);
    expect(options.map((o) => o.label)).toEqual(expect.arrayContaining(['北京市', '广东省', '浙江省']));
    const gd = options.find((o) => o.label === '广东省');
    expect(gd?.children?.find((c) => c.label === '深圳市')?.children?.map((d) => d.label)).toEqual(['福田区', '南山区']);
  });

  it('POST event-config/run for a set rule: the result is the value (the leave form computes days)', async () => {
    const api = await formsApi();
    const result = await api.runEvent({
      id: 'ec-leave-days',
      formData: null,
      eventConfigFields: [{ key: 'period', value: ['2026/03/02 09:00', '2026/03/04 18:00'] }],
    });
    expect(result.value).toBe(3);
    expect(result.options).toEqual([]);
  });

  it('the rule reads the submitted form data too (domain/forms/formData.ts shape)', async () => {
    const session = await loginAs(sb.url, 't1001');
    const info = await new HttpApprovalApi(session.http).initiateFlow('leave');
    const definition = info.formJson as FormDefinition;
    const state = applyRestoredValues(initialFormState(definition), { leave_period: ['2026/03/02 14:00', '2026/03/03 12:00'] });
    const formData = buildFormData({ code: 'leave', definition, state });
    const result = await new HttpFormsApi(session.http).runEvent({ id: 'ec-leave-days', formData });
    expect(result.value).toBe(1);
  });

  it('a result page reads result.items: the value is the list and the options are mapped', async () => {
    const result = await (await formsApi()).runEvent({ id: 'ec-purchase-categories', formData: null });
    expect(result.options[0]).toEqual({ label: '办公用品', value: 'office' });
    expect(result.options).toHaveLength(5);
    expect(Array.isArray(result.value)).toBe(true);
  });

  it('a result list reads result itself', async () => {
    const result = await (await formsApi()).runEvent({ id: 'ec-purchase-subcategories', formData: null });
    expect(result.options.map((o) => o.value)).toEqual(['pc', 'printer', 'network', 'av']);
  });

  it('an unknown event config rejects with the server message', async () => {
    const failure = await (await formsApi()).runEvent({ id: 'ec-nope', formData: null }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: '事件配置不存在' });
  });

  it('POST stored-file/new-files {name, suffix} answers the stored file', async () => {
    const doc = await (await formsApi()).newDocument({ name: '会议纪要', suffix: 'docx' });
    expect(doc).toMatchObject({ fileName: '会议纪要.docx', size: 0, domain: '/sandbox/files/' });
    expect(doc.userFileId).toEqual(expect.any(String));
    expect(doc.path).toMatch(/会议纪要\.docx$/);
    const bytes = await fetch(new URL(doc.url, sb.url));
    expect(bytes.status).toBe(200);
  });

  it('new-files rejects a name over 40 characters and an unknown type with the server message', async () => {
    const api = await formsApi();
    await expect(api.newDocument({ name: '长'.repeat(41), suffix: 'docx' })).rejects.toMatchObject({ status: 400, message: '文件名称不能超过40个字符' });
    await expect(api.newDocument({ name: '脚本', suffix: 'exe' })).rejects.toMatchObject({ status: 400, message: '不支持的文件类型' });
  });
});

describe('the zod boundary of the forms adapter', () => {
  it.each([
    ['a dictionary entry without id', (api: HttpFormsApi) => api.dictionary('x'), [{ name: '事假' }]],
    ['a region without code', (api: HttpFormsApi) => api.regions(), [{ name: '北京市', leve: 1, children: [] }]],
    ['a nested region without name', (api: HttpFormsApi) => api.regions(), [{ name: '中国', code: '1', children: [{ code: '2' }] }]],
    ['an event answer without result', (api: HttpFormsApi) => api.runEvent({ id: 'e', formData: null }), { value: 1 }],
    ['a new document without userFileId', (api: HttpFormsApi) => api.newDocument({ name: 'a', suffix: 'docx' }), { url: '/f', fileName: 'a.docx', size: 0 }],
  ])('%s is an ApiError malformed', async (_name, call, body) => {
    const canned = await cannedServer(body);
    try {
      await expect(call(new HttpFormsApi(canned.http))).rejects.toMatchObject({ kind: 'malformed' });
    } finally {
      await canned.close();
    }
  });

  it('numeric dictionary ids are kept as numbers; unknown fields pass', async () => {
    const canned = await cannedServer([{ id: 1, name: '男', sort: 1 }]);
    try {
      await expect(new HttpFormsApi(canned.http).dictionary('gender')).resolves.toEqual([{ label: '男', value: 1 }]);
    } finally {
      await canned.close();
    }
  });
});
