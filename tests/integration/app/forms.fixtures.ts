/**
 * Fakes of the forms ports, answering like the sandbox does for its seeded forms
 * (sandbox/workflow/forms): dictionaries, the area tree, the event configs behind the
 * rules, new documents and a controllable uploader.
 */
import { ApiError } from '../../../application/ports/errors';
import type { FormsApi, FormEventRequest } from '../../../application/forms/ports';
import type { Uploader, UploadOptions, UploadResult, UploadSource } from '../../../application/ports/upload';
import type { SelectorsApi, SelectorPage } from '../../../application/selectors/ports';
import type { Option, RegionNode } from '../../../domain/forms/types';
import type { SelectComponent, SelectorRequest } from '../../../domain/selectors/types';
import { createMemoryStorage } from '../../../infrastructure/storage';
import { leaveDays } from '../../../sandbox/workflow/selectors';
import { readFormData, valuesOf } from '../../../sandbox/workflow/formData';
import type { FormDefinition } from '../../../domain/forms/types';
import { LEAVE_FORM, NOTICE_FORM, PURCHASE_FORM, SEAL_FORM, SHOWCASE_FORM, STUDENT_INFO_FORM, VISITOR_FORM } from '../../../sandbox/workflow/forms';

export const FORMS = {
  leave: LEAVE_FORM as unknown as FormDefinition,
  purchase: PURCHASE_FORM as unknown as FormDefinition,
  seal: SEAL_FORM as unknown as FormDefinition,
  notice: NOTICE_FORM as unknown as FormDefinition,
  studentInfo: STUDENT_INFO_FORM as unknown as FormDefinition,
  visitor: VISITOR_FORM as unknown as FormDefinition,
  showcase: SHOWCASE_FORM as unknown as FormDefinition,
};

export const DICTIONARIES: Record<string, Option[]> = {
  leave_type: [
    { label: '事假', value: 'personal' },
    { label: '病假', value: 'sick' },
    { label: '年假', value: 'annual' },
  ],
  gender: [
    { label: '男', value: '1' },
    { label: '女', value: '2' },
  ],
  nation: [
    { label: '汉族', value: '01' },
    { label: '回族', value: '03' },
  ],
};

export const REGIONS: RegionNode[] = [
  {
    name: '中国',
    code: 'CN',
    leve: 0,
    children: [
      {
        name: '浙江省',
        code: '33',
        leve: 1,
        children: [{ name: '杭州市', code: '3301', leve: 2, children: [{ name: '西湖区', code: '330106', leve: 3 }, { name: '余杭区', code: '330110', leve: 3 }] }],
      },
      { name: '北京市', code: '11', leve: 1, children: [{ name: '北京市', code: '1101', leve: 2, children: [{ name: '海淀区', code: '110108', leve: 3 }] }] },
    ],
  },
];

export const PURCHASE_CATEGORIES: Option[] = [
  { label: '办公用品', value: 'office' },
  { label: '信息化设备', value: 'it' },
  { label: '家具', value: 'furniture' },
  { label: '图书资料', value: 'books' },
];
export const IT_SUBCATEGORIES: Option[] = [
  { label: '计算机', value: 'pc' },
  { label: '打印机', value: 'printer' },
];

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface FakeFormsApi extends FormsApi {
  calls: { kind: string; arg: unknown }[];
  fail: Set<string>;
}

export function fakeFormsApi(): FakeFormsApi {
  const calls: { kind: string; arg: unknown }[] = [];
  const fail = new Set<string>();
  const guard = (key: string) => {
    if (fail.has(key)) throw new ApiError('http', '服务器错误', { status: 500 });
  };
  return {
    calls,
    fail,
    async dictionary(code) {
      calls.push({ kind: 'dictionary', arg: code });
      guard(`dictionary:${code}`);
      return DICTIONARIES[code] ?? [];
    },
    async regions() {
      calls.push({ kind: 'regions', arg: null });
      guard('regions');
      return REGIONS;
    },
    async runEvent(request: FormEventRequest) {
      calls.push({ kind: 'runEvent', arg: request });
      guard(`event:${request.id}`);
      const values = valuesOf(readFormData(request.formData), null);
      switch (request.id) {
        case 'ec-leave-days': {
          // As the sandbox: the leave form's period, or any form's field keyed `period`.
          const value = leaveDays(values.leave_period ?? values.period);
          return { value, options: [] };
        }
        case 'ec-archive-month': {
          const v = values.ntc_publish;
          return { value: typeof v === 'string' && v !== '' ? v.slice(0, 7) : null, options: [] };
        }
        case 'ec-purchase-categories':
          return { value: PURCHASE_CATEGORIES, options: PURCHASE_CATEGORIES };
        case 'ec-purchase-subcategories':
          return { value: IT_SUBCATEGORIES, options: IT_SUBCATEGORIES };
        default:
          throw new ApiError('http', '事件配置不存在', { status: 404 });
      }
    },
    async newDocument(request) {
      calls.push({ kind: 'newDocument', arg: request });
      guard('newDocument');
      return { url: `/sandbox/files/docs/${request.name}.${request.suffix}`, fileName: `${request.name}.${request.suffix}`, size: 0, userFileId: `doc-${calls.length}`, domain: 'sandbox', path: `docs/${request.name}.${request.suffix}` };
    },
  };
}

export interface FakeUpload {
  file: UploadSource;
  opts: UploadOptions;
  settle: ReturnType<typeof deferred<UploadResult>>;
}

/** An uploader whose uploads the test finishes (done or failed) one by one. */
export function fakeUploader() {
  const uploads: FakeUpload[] = [];
  const uploader: Uploader = {
    upload(file, opts = {}) {
      const settle = deferred<UploadResult>();
      uploads.push({ file, opts, settle });
      opts.onChange?.({ uid: opts.uid ?? 'x', name: file.name, size: file.size, status: 'uploading', percent: 0 });
      opts.signal?.addEventListener('abort', () => settle.reject(new ApiError('cancelled', 'cancelled')));
      return settle.promise;
    },
  };
  const finish = (i: number) => {
    const u = uploads[i]!;
    u.opts.onChange?.({ uid: u.opts.uid ?? 'x', name: u.file.name, size: u.file.size, status: 'uploading', percent: 50 });
    u.settle.resolve({
      uid: u.opts.uid ?? 'x',
      name: u.file.name,
      size: u.file.size,
      status: 'done',
      percent: 100,
      url: `/sandbox/files/up/${u.file.name}`,
      fileName: u.file.name,
      domain: 'sandbox',
      path: `up/${u.file.name}`,
      userFileId: `uf-${i}`,
    });
  };
  const failAt = (i: number) => uploads[i]!.settle.reject(new ApiError('http', '上传失败'));
  return { uploader, uploads, finish, failAt };
}

export const file = (name: string, bytes = 1024, type = 'application/octet-stream'): UploadSource =>
  Object.assign(new Blob([new Uint8Array(bytes)], { type }), { name }) as UploadSource;

export const SELECT_COMPONENTS: Record<string, SelectComponent & { id: string; code: string }> = {
  staff: {
    id: 'sc-staff',
    code: 'staff',
    name: '选择教职工',
    selectComponentExtendSets: [{ name: '组织架构', dataApi: 'ec-people-org', selectApi: 'ec-people-search', isSelect: false, dataType: 1, state: 1 }],
  },
  people: {
    id: 'sc-people',
    code: 'people',
    name: '选择人员',
    selectComponentExtendSets: [
      { name: '组织架构', dataApi: 'ec-people-org', selectApi: 'ec-people-search', isSelect: false, dataType: 0, state: 1 },
      { name: '教职工', dataApi: 'ec-people-org', selectApi: 'ec-people-search', isSelect: true, dataType: 1, state: 1 },
      { name: '群组', dataApi: 'ec-people-org', selectApi: 'ec-people-search', isSelect: false, dataType: 0, state: 0 },
    ],
  },
};

/** A selectors API over a small tree: root -> 教务处 (2 people) and 高一年级 -> 高一(1)班 (35 students). */
export function fakeSelectorsApi() {
  const requests: SelectorRequest[] = [];
  const ZERO = '00000000-0000-0000-0000-000000000000';
  const students = Array.from({ length: 35 }, (_, i) => ({ id: `s${i + 1}`, name: `学生${i + 1}`, type: 0, remark: '高一(1)班' }));
  const levels: Record<string, { id: string; name: string; type: number; remark?: string; disabled?: boolean }[]> = {
    [ZERO]: [
      { id: 'dept-academic', name: '教务处', type: 1 },
      { id: 'dept-grade-10', name: '高一年级', type: 1 },
      { id: 'u-head', name: '赵校长', type: 0 },
    ],
    'dept-academic': [
      { id: 'u-li', name: '李主任', type: 0 },
      { id: 'u-wang', name: '王老师', type: 0, disabled: true },
    ],
    'dept-grade-10': [{ id: 'dept-class-10-1', name: '高一(1)班', type: 1 }],
    'dept-class-10-1': students,
  };
  const all = Object.values(levels).flat().filter((x) => x.type === 0);
  const api: SelectorsApi = {
    async componentById(id) {
      const c = Object.values(SELECT_COMPONENTS).find((x) => x.id === id);
      if (!c) throw new ApiError('http', '未找到', { status: 404 });
      return c;
    },
    async componentByCode(code) {
      const c = SELECT_COMPONENTS[code];
      if (!c) throw new ApiError('http', '未找到', { status: 404 });
      return c;
    },
    async page(request): Promise<SelectorPage> {
      requests.push(request);
      const f = Object.fromEntries(request.dataJson.eventConfigFields.map((x) => [x.key, x.value]));
      const size = request.maxResultCount;
      const from = (request.pageCount - 1) * size;
      if (request.eventConfigSelect) {
        const found = all.filter((p) => p.name.includes(f.filter ?? ''));
        return { items: found.slice(from, from + size), childs: [], mains: [], totalCount: found.length };
      }
      const list = levels[f.parentId ?? ZERO];
      if (!list) throw new ApiError('http', '部门不存在', { code: 'selector-data' });
      return { items: list.slice(from, from + size), childs: [], mains: [], totalCount: list.length };
    },
  };
  return { api, requests };
}

export { createMemoryStorage };
