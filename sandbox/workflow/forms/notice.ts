import type { FormDefinition } from './schema';

/**
 * 通知发文. A table layout, a document number with a custom pattern, Date and month
 * modes, a static cascader, an iframe preview fed by field values, a text block, a
 * `set` rule with a value and one with an event, and a disabled interceptor.
 */
export const NOTICE_FORM: FormDefinition = {
  v: '1.0',
  dataSourceId: 'ds-office',
  table: 'office_notice',
  fields: [
    { id: 'ntc_title', identifier: 'title', type: 'input', title: '发文标题', required: true, max: 60 },
    {
      id: 'ntc_table',
      type: 'table',
      panes: [
        {
          row: 0,
          col: 0,
          children: [
            {
              id: 'ntc_no',
              identifier: 'docNo',
              type: 'input',
              title: '文号',
              required: true,
              placeholder: '如：校办〔2025〕12号',
              pattern: { pattern: '^[\\u4e00-\\u9fa5]{2,6}〔\\d{4}〕\\d{1,4}号$', message: '文号格式如：校办〔2025〕12号' },
            },
          ],
        },
        {
          row: 0,
          col: 1,
          children: [
            {
              id: 'ntc_urgency',
              identifier: 'urgency',
              type: 'radio',
              title: '紧急程度',
              defaultValue: 'normal',
              direction: 'horizontal',
              dataSource: {
                type: 'static',
                options: [
                  { label: '平件', value: 'normal' },
                  { label: '急件', value: 'urgent' },
                  { label: '特急', value: 'critical' },
                ],
              },
            },
          ],
        },
        { row: 1, col: 0, children: [{ id: 'ntc_publish', identifier: 'publishTime', type: 'date', mode: 'Date', title: '发布日期' }] },
        { row: 1, col: 1, children: [{ id: 'ntc_archive', identifier: 'archiveMonth', type: 'date', mode: 'month', title: '归档月份' }] },
      ],
    },
    {
      id: 'ntc_scope',
      identifier: 'scope',
      type: 'cascader',
      title: '发布范围',
      required: true,
      dataSource: {
        type: 'static',
        options: [
          { label: '全校', value: 'all', isLeaf: true },
          {
            label: '行政部门',
            value: 'admin',
            children: [
              { label: '校长室', value: 'principal-office', isLeaf: true },
              { label: '教务处', value: 'academic-affairs', isLeaf: true },
            ],
          },
          {
            label: '高一年级',
            value: 'grade-10',
            children: [
              { label: '高一(1)班', value: 'class-10-1', isLeaf: true },
              { label: '高一(2)班', value: 'class-10-2', isLeaf: true },
            ],
          },
        ],
      },
    },
    { id: 'ntc_sms', identifier: 'sms', type: 'switch', title: '短信提醒' },
    { id: 'ntc_body', identifier: 'body', type: 'document', title: '正文', required: true, maxCount: 1, accept: ['docx'] },
    { id: 'ntc_attachments', identifier: 'attachments', type: 'file', title: '附件', maxCount: 5, size: 50, accept: ['doc', 'zip'] },
    {
      id: 'ntc_preview',
      type: 'iframe',
      src: '/sandbox/preview/notice',
      height: 240,
      params: [
        { key: 'title', fieldId: 'ntc_title' },
        { key: 'docNo', fieldId: 'ntc_no' },
      ],
    },
    { id: 'ntc_hint', type: 'text', content: '正文请使用学校公文模板，附件不超过5个。' },
  ],
  listeners: [{ id: 'ntc_l_archive', fields: ['ntc_publish'], executors: [{ fieldId: 'ntc_archive', op: 'set', event: 'ec-archive-month' }] }],
  interceptors: [
    {
      id: 'ntc_i_urgent',
      matchers: [{ fieldId: 'ntc_urgency', factor: 'in', value: ['urgent', 'critical'] }],
      executors: [
        { fieldId: 'ntc_sms', op: 'set', value: true },
        { fieldId: 'ntc_sms', op: 'disabled' },
      ],
    },
    // Kept switched off in the designer: shows that disabled interceptors never fire.
    { id: 'ntc_i_off', disabled: true, matchers: [{ fieldId: 'ntc_title', factor: 'empty' }], executors: [{ fieldId: 'ntc_body', op: 'hidden' }] },
  ],
};
