import type { FormDefinition } from './schema';

/**
 * 用印申请. Steps (each step validates its own fields), a collapse with the rules,
 * checkbox and radio choices, document / file / image uploads, a DateTime return time
 * shown by a switch, and disabled/editable rules on the copy count.
 */
export const SEAL_FORM: FormDefinition = {
  v: 3,
  dataSourceId: 'ds-office',
  table: 'office_seal',
  fields: [
    {
      id: 'seal_steps',
      type: 'steps',
      panes: [
        {
          id: 'seal_step_info',
          title: '用印信息',
          children: [
            {
              id: 'seal_types',
              identifier: 'sealTypes',
              type: 'checkbox',
              title: '印章类型',
              required: true,
              direction: 'horizontal',
              dataSource: {
                type: 'static',
                options: [
                  { label: '公章', value: 'official' },
                  { label: '合同章', value: 'contract' },
                  { label: '财务章', value: 'finance' },
                  { label: '法人章', value: 'legal' },
                ],
              },
            },
            { id: 'seal_copies', identifier: 'copies', type: 'number', title: '用印份数', required: true, min: 1, max: 100, defaultValue: 1 },
            {
              id: 'seal_usage',
              identifier: 'usage',
              type: 'radio',
              title: '用途',
              required: true,
              direction: 'vertical',
              dataSource: {
                type: 'static',
                options: [
                  { label: '对内', value: 'internal' },
                  { label: '对外', value: 'external' },
                ],
              },
            },
            { id: 'seal_receiver', identifier: 'receiver', type: 'input', title: '接收单位', hidden: true, max: 50 },
          ],
        },
        {
          id: 'seal_step_files',
          title: '用印文件',
          children: [
            { id: 'seal_document', identifier: 'document', type: 'document', title: '用印文件', required: true, maxCount: 1, size: 20, accept: ['docx'] },
            { id: 'seal_attachments', identifier: 'attachments', type: 'file', title: '附件', maxCount: 5, size: 20, accept: ['doc', 'zip', 'media'] },
            { id: 'seal_scan', identifier: 'scan', type: 'image', title: '文件扫描件', maxCount: 2, size: 10, width: 4000, height: 4000, accept: ['jpg', 'png'] },
          ],
        },
        {
          id: 'seal_step_takeout',
          title: '外带信息',
          children: [
            { id: 'seal_takeout', identifier: 'takeOut', type: 'switch', title: '印章外带' },
            { id: 'seal_return', identifier: 'returnTime', type: 'date', mode: 'DateTime', title: '预计归还时间', hidden: true },
            {
              id: 'seal_collapse',
              type: 'collapse',
              panes: [
                {
                  title: '用印说明',
                  children: [
                    {
                      id: 'seal_rules',
                      type: 'paragraph',
                      content: '<ol><li>用印文件须经审批后方可盖章；</li><li>印章外带须在预计时间内归还；</li><li>合同章仅用于已审定合同。</li></ol>',
                    },
                  ],
                },
              ],
            },
            { id: 'seal_remark', identifier: 'remark', type: 'textarea', title: '备注', max: 500 },
          ],
        },
      ],
    },
  ],
  interceptors: [
    // Pairs: the rule restoring the definition's state comes first, because a lapsing
    // rule puts the definition back and the rule after it must have the last word.
    {
      id: 'seal_i_internal',
      matchers: [{ fieldId: 'seal_usage', factor: 'not', value: 'external' }],
      executors: [
        { fieldId: 'seal_receiver', op: 'hidden' },
        { fieldId: 'seal_receiver', op: 'optional' },
      ],
    },
    { id: 'seal_i_external', matchers: [{ fieldId: 'seal_usage', factor: 'is', value: 'external' }], executors: [{ fieldId: 'seal_receiver', op: 'required' }] },
    {
      id: 'seal_i_no_takeout',
      matchers: [{ fieldId: 'seal_takeout', factor: 'not', value: true }],
      executors: [
        { fieldId: 'seal_return', op: 'hidden' },
        { fieldId: 'seal_return', op: 'optional' },
      ],
    },
    { id: 'seal_i_takeout', matchers: [{ fieldId: 'seal_takeout', factor: 'is', value: true }], executors: [{ fieldId: 'seal_return', op: 'required' }] },
    { id: 'seal_i_types', matchers: [{ fieldId: 'seal_types', factor: 'not-empty' }], executors: [{ fieldId: 'seal_copies', op: 'editable' }] },
    { id: 'seal_i_no_types', matchers: [{ fieldId: 'seal_types', factor: 'empty' }], executors: [{ fieldId: 'seal_copies', op: 'disabled' }] },
  ],
};
