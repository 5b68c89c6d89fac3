import type { FormDefinition } from './schema';

/**
 * 访客预约 (enterprise and other users). Mobile and id-card formats, a Date-mode
 * visit time with a relative-date rule, a plate number pattern and a host picker.
 */
export const VISITOR_FORM: FormDefinition = {
  v: '1.0',
  dataSourceId: 'ds-security',
  table: 'sec_visitor',
  fields: [
    { id: 'vis_name', identifier: 'visitorName', type: 'input', title: '访客姓名', required: true, max: 20 },
    { id: 'vis_mobile', identifier: 'visitorMobile', type: 'input', title: '手机号', required: true, format: 'mobile' },
    { id: 'vis_idcard', identifier: 'idCard', type: 'input', title: '身份证号', format: 'id-card' },
    { id: 'vis_company', identifier: 'company', type: 'input', title: '单位名称', max: 50 },
    { id: 'vis_time', identifier: 'visitTime', type: 'date', mode: 'Date', title: '来访日期', required: true },
    { id: 'vis_companions', identifier: 'companions', type: 'number', title: '随行人数', min: 0, max: 10, defaultValue: 0 },
    {
      id: 'vis_plate',
      identifier: 'plateNo',
      type: 'input',
      title: '车牌号',
      placeholder: '不驾车可不填',
      pattern: { pattern: '^[\\u4e00-\\u9fa5][A-Z][A-Z0-9]{5,6}$', message: '请输入正确的车牌号' },
    },
    { id: 'vis_host', identifier: 'host', type: 'picker', title: '被访人', dataSource: { type: 'select-component', code: 'staff' } },
    {
      id: 'vis_purpose',
      identifier: 'purpose',
      type: 'radio',
      title: '来访事由',
      required: true,
      dataSource: {
        type: 'static',
        options: [
          { label: '商务洽谈', value: 'business' },
          { label: '参观交流', value: 'visit' },
          { label: '其他', value: 'other' },
        ],
      },
    },
    { id: 'vis_remark', identifier: 'remark', type: 'textarea', title: '备注', max: 200 },
  ],
  interceptors: [
    // Booking more than a week ahead needs the visitor's ID card.
    { id: 'vis_i_far', matchers: [{ fieldId: 'vis_time', factor: 'more', relative: { value: 7, unit: 'day' } }], executors: [{ fieldId: 'vis_idcard', op: 'required' }] },
    { id: 'vis_i_other', matchers: [{ fieldId: 'vis_purpose', factor: 'is', value: 'other' }], executors: [{ fieldId: 'vis_remark', op: 'required' }] },
  ],
};
