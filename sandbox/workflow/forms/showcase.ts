import type { FormDefinition } from './schema';

/**
 * 全字段演示: one form that uses every field type, every layout container and every
 * content block, so the whole engine can be shown (and tested in a browser) on a single
 * flow. Three steps (each checked before the next), a grid, tabs, a collapse and a
 * table inside them; dates in every mode; dictionary, area, static, select-component
 * and event-config sources; uploads at the top level and in subform rows; an initial
 * reminder with a countdown; and rules that show, hide, require, set, disable and swap
 * a data source through event-config/run.
 */
export const SHOWCASE_FORM: FormDefinition = {
  v: '1.0',
  dataSourceId: 'ds-demo',
  table: 'demo_all_fields',
  initialReminder: {
    title: '填写说明',
    content: '本流程演示表单的全部字段、布局与联动规则。共三步，每一步填写完整后点击“下一步”。',
    countdown: 2,
    closeText: '开始填写',
    closeColor: '#1677ff',
    disabled: false,
  },
  fields: [
    { id: 'demo_intro', type: 'text', content: '带 * 的为必填项；切换“住校”“加急”等选项可以看到联动效果。' },
    {
      id: 'demo_steps',
      type: 'steps',
      panes: [
        {
          id: 'demo_step_basic',
          title: '基本信息',
          children: [
            {
              id: 'demo_grid',
              type: 'grid',
              panes: [
                { span: 12, children: [{ id: 'demo_name', identifier: 'name', type: 'input', title: '姓名', required: true, max: 20 }] },
                {
                  span: 12,
                  children: [
                    { id: 'demo_gender', identifier: 'gender', type: 'radio', title: '性别', required: true, direction: 'horizontal', dataSource: { type: 'dictionary', code: 'gender' } },
                  ],
                },
              ],
            },
            {
              id: 'demo_mobile',
              identifier: 'mobile',
              type: 'input',
              title: '手机号',
              required: true,
              format: 'mobile',
              description: { text: '用于接收审批结果短信', color: '#8c8c8c' },
            },
            { id: 'demo_age', identifier: 'age', type: 'number', title: '年龄', required: true, min: 1, max: 120, defaultValue: 18 },
            { id: 'demo_guardian', identifier: 'guardianPhone', type: 'input', title: '监护人电话', format: 'phone', hidden: true },
            { id: 'demo_boarding', identifier: 'boarding', type: 'switch', title: '住校', defaultValue: false },
            {
              id: 'demo_dorm',
              identifier: 'dorm',
              type: 'select',
              title: '宿舍楼',
              hidden: true,
              dataSource: {
                type: 'static',
                options: [
                  { label: '1号楼', value: 'd1' },
                  { label: '2号楼', value: 'd2' },
                ],
              },
            },
            { id: 'demo_bio', identifier: 'bio', type: 'textarea', title: '个人简介', hideTitle: true, placeholder: '简单介绍一下自己（选填）', max: 200 },
          ],
        },
        {
          id: 'demo_step_choice',
          title: '日期与选项',
          children: [
            {
              id: 'demo_tabs',
              type: 'tabs',
              panes: [
                {
                  id: 'demo_tab_dates',
                  title: '日期',
                  children: [
                    { id: 'demo_year', identifier: 'year', type: 'date', mode: 'year', title: '年度', required: true },
                    { id: 'demo_month', identifier: 'month', type: 'date', mode: 'month', title: '月份' },
                    { id: 'demo_day', identifier: 'day', type: 'date', mode: 'day', title: '日期' },
                    { id: 'demo_deadline', identifier: 'deadline', type: 'date', mode: 'Date', title: '截止日期' },
                    { id: 'demo_appointment', identifier: 'appointment', type: 'date', mode: 'DateTime', title: '预约时间' },
                    { id: 'demo_period', identifier: 'period', type: 'date-range', mode: 'day', title: '起止日期', required: true },
                    { id: 'demo_days', identifier: 'days', type: 'number', title: '天数', readonly: true, description: { text: '按起止日期自动计算' } },
                  ],
                },
                {
                  id: 'demo_tab_options',
                  title: '选项',
                  children: [
                    {
                      id: 'demo_category',
                      identifier: 'category',
                      type: 'select',
                      title: '类别',
                      required: true,
                      dataSource: {
                        type: 'static',
                        options: [
                          { label: '办公用品', value: 'office' },
                          { label: '信息化设备', value: 'it' },
                          { label: '其他', value: 'other' },
                        ],
                      },
                    },
                    {
                      id: 'demo_subcategory',
                      identifier: 'subCategory',
                      type: 'select',
                      title: '细分类别',
                      dataSource: { type: 'static', options: [{ label: '通用', value: 'general' }] },
                    },
                    { id: 'demo_urgent', identifier: 'urgent', type: 'switch', title: '加急' },
                    {
                      id: 'demo_priority',
                      identifier: 'priority',
                      type: 'radio',
                      title: '优先级',
                      direction: 'vertical',
                      defaultValue: 'normal',
                      dataSource: {
                        type: 'static',
                        options: [
                          { label: '普通', value: 'normal' },
                          { label: '重要', value: 'important' },
                          { label: '紧急', value: 'high' },
                        ],
                      },
                    },
                    {
                      id: 'demo_hobbies',
                      identifier: 'hobbies',
                      type: 'checkbox',
                      title: '兴趣爱好',
                      dataSource: {
                        type: 'static',
                        options: [
                          { label: '阅读', value: 'reading' },
                          { label: '音乐', value: 'music' },
                          { label: '运动', value: 'sports' },
                        ],
                      },
                    },
                    {
                      id: 'demo_skills',
                      identifier: 'skills',
                      type: 'multiselect',
                      title: '技能',
                      dataSource: {
                        type: 'static',
                        options: [
                          { label: '书法', value: 'calligraphy' },
                          { label: '钢琴', value: 'piano' },
                          { label: '编程', value: 'coding' },
                        ],
                      },
                    },
                    { id: 'demo_hometown', identifier: 'hometown', type: 'cascader', title: '籍贯', dataSource: { type: 'area' } },
                  ],
                },
              ],
            },
          ],
        },
        {
          id: 'demo_step_files',
          title: '附件与明细',
          children: [
            {
              id: 'demo_collapse',
              type: 'collapse',
              panes: [
                {
                  id: 'demo_panel_files',
                  title: '地址与附件',
                  children: [
                    { id: 'demo_address', identifier: 'address', type: 'address', title: '通讯地址', required: true, max: 50 },
                    {
                      id: 'demo_photo',
                      identifier: 'photo',
                      type: 'image',
                      title: '照片',
                      required: true,
                      maxCount: 2,
                      size: 2,
                      accept: ['jpg', 'png'],
                      width: 2000,
                      height: 2000,
                    },
                    { id: 'demo_attachment', identifier: 'attachment', type: 'file', title: '附件', maxCount: 3, size: 10, accept: ['txt', 'pdf', 'docx'] },
                    { id: 'demo_document', identifier: 'document', type: 'document', title: '说明文档', maxCount: 1, accept: ['docx'] },
                  ],
                },
                {
                  id: 'demo_panel_links',
                  title: '关联记录',
                  children: [
                    {
                      id: 'demo_table',
                      type: 'table',
                      panes: [
                        {
                          row: 0,
                          col: 0,
                          children: [
                            { id: 'demo_asset', identifier: 'asset', type: 'picker', title: '关联资产', maxCount: 1, dataSource: { type: 'select-component', code: 'asset' } },
                          ],
                        },
                        { row: 0, col: 1, children: [{ id: 'demo_budget', identifier: 'budget', type: 'number', title: '预算（元）', min: 0 }] },
                      ],
                    },
                  ],
                },
              ],
            },
            {
              id: 'demo_items',
              identifier: 'items',
              type: 'subform',
              title: '物品明细',
              required: true,
              maxCount: 2,
              children: [
                { id: 'demo_item_name', identifier: 'name', type: 'input', title: '名称', required: true, max: 20 },
                { id: 'demo_item_qty', identifier: 'quantity', type: 'number', title: '数量', required: true, min: 1 },
                { id: 'demo_item_photo', identifier: 'photo', type: 'image', title: '物品照片', maxCount: 1, size: 2, accept: ['jpg', 'png'] },
                { id: 'demo_item_receipt', identifier: 'receipt', type: 'file', title: '单据', maxCount: 2, size: 10, accept: ['txt', 'pdf'] },
              ],
            },
            {
              id: 'demo_history',
              identifier: 'history',
              type: 'subform',
              title: '往期记录',
              inherited: true,
              nonAddable: true,
              nonEditable: true,
              nonRemovable: true,
              message: '暂无往期记录',
              children: [
                { id: 'demo_history_item', identifier: 'item', type: 'input', title: '事项' },
                { id: 'demo_history_month', identifier: 'month', type: 'date', mode: 'month', title: '时间' },
              ],
            },
            { id: 'demo_preview', type: 'iframe', src: '/sandbox/preview/notice', params: [{ key: 'title', fieldId: 'demo_name' }] },
          ],
        },
      ],
    },
    { id: 'demo_note', type: 'paragraph', content: '<p>提交后由<b>李主任</b>审核，结果会通知到你的手机。</p>' },
  ],
  interceptors: [
    // Boarders name their building: shown and required together.
    {
      id: 'demo_i_dorm',
      matchers: [{ fieldId: 'demo_boarding', factor: 'is', value: true }],
      executors: [
        { fieldId: 'demo_dorm', op: 'visible' },
        { fieldId: 'demo_dorm', op: 'required' },
      ],
    },
    // Minors (17 or younger: "less" means at most) give a guardian's phone.
    { id: 'demo_i_minor', matchers: [{ fieldId: 'demo_age', factor: 'less', value: 17 }], executors: [{ fieldId: 'demo_guardian', op: 'required' }] },
    // Urgent requests are top priority, and the priority can no longer be changed.
    {
      id: 'demo_i_urgent',
      matchers: [{ fieldId: 'demo_urgent', factor: 'is', value: true }],
      executors: [
        { fieldId: 'demo_priority', op: 'set', value: 'high' },
        { fieldId: 'demo_priority', op: 'disabled' },
      ],
    },
    // IT equipment has its own sub-categories, from an event config.
    {
      id: 'demo_i_it',
      matchers: [{ fieldId: 'demo_category', factor: 'is', value: 'it' }],
      executors: [{ fieldId: 'demo_subcategory', op: 'data-source', dataSource: { type: 'event-config', id: 'ec-purchase-subcategories' } }],
    },
    { id: 'demo_i_other', matchers: [{ fieldId: 'demo_category', factor: 'is', value: 'other' }], executors: [{ fieldId: 'demo_subcategory', op: 'hidden' }] },
  ],
  listeners: [{ id: 'demo_l_days', fields: ['demo_period'], executors: [{ fieldId: 'demo_days', op: 'set', event: 'ec-leave-days' }] }],
};
