import type { FormDefinition } from './schema';

/**
 * 采购申请. Tabs; categories from an event config; a data-source rule that swaps
 * the sub-category options; a subform of items; supplier contact formats; an asset
 * picker; a budget code with a custom pattern that only the countersign node fills.
 * Books get their sub-categories from the static options; IT swaps in an event config.
 */
export const PURCHASE_FORM: FormDefinition = {
  v: '2.0',
  dataSourceId: 'ds-finance',
  table: 'fin_purchase',
  fields: [
    {
      id: 'pur_tabs',
      type: 'tabs',
      panes: [
        {
          id: 'pur_tab_basic',
          title: '基本信息',
          children: [
            { id: 'pur_title', identifier: 'title', type: 'input', title: '采购事项', required: true, max: 50 },
            {
              id: 'pur_category',
              identifier: 'category',
              type: 'select',
              title: '采购类别',
              required: true,
              dataSource: { type: 'event-config', id: 'ec-purchase-categories' },
            },
            {
              id: 'pur_subcategory',
              identifier: 'subCategory',
              type: 'select',
              title: '细分类别',
              dataSource: {
                type: 'static',
                options: [
                  { label: '通用', value: 'general' },
                  { label: '教辅资料', value: 'teaching' },
                  { label: '期刊杂志', value: 'journal' },
                ],
              },
            },
            { id: 'pur_budget_year', identifier: 'budgetYear', type: 'date', mode: 'year', title: '预算年度', required: true },
            { id: 'pur_expect', identifier: 'expectDate', type: 'date', mode: 'day', title: '期望到货日期' },
            { id: 'pur_urgent', identifier: 'urgent', type: 'switch', title: '加急' },
            { id: 'pur_urgent_reason', identifier: 'urgentReason', type: 'textarea', title: '加急原因', hidden: true, max: 200 },
            {
              id: 'pur_budget_code',
              identifier: 'budgetCode',
              type: 'input',
              title: '预算编号',
              placeholder: '由会签人填写',
              pattern: { pattern: '^YS\\d{6}$', message: '预算编号格式为YS加6位数字' },
            },
          ],
        },
        {
          id: 'pur_tab_items',
          title: '采购明细',
          children: [
            {
              id: 'pur_items',
              identifier: 'items',
              type: 'subform',
              title: '采购明细',
              required: true,
              maxCount: 20,
              message: '请添加采购明细',
              children: [
                { id: 'pur_item_name', identifier: 'name', type: 'input', title: '物品名称', required: true, max: 30 },
                { id: 'pur_item_spec', identifier: 'spec', type: 'input', title: '规格型号', max: 50 },
                { id: 'pur_item_qty', identifier: 'quantity', type: 'number', title: '数量', required: true, min: 1 },
                { id: 'pur_item_price', identifier: 'unitPrice', type: 'number', title: '单价（元）', required: true, min: 0 },
              ],
            },
            { id: 'pur_amount', identifier: 'amount', type: 'number', title: '合计金额（元）', required: true, min: 0 },
          ],
        },
        {
          id: 'pur_tab_supplier',
          title: '供应商',
          children: [
            { id: 'pur_supplier', identifier: 'supplier', type: 'input', title: '供应商名称', max: 50 },
            { id: 'pur_supplier_mobile', identifier: 'supplierMobile', type: 'input', title: '联系人手机', format: 'mobile' },
            { id: 'pur_supplier_phone', identifier: 'supplierPhone', type: 'input', title: '联系电话', format: 'phone' },
            { id: 'pur_supplier_email', identifier: 'supplierEmail', type: 'input', title: '联系邮箱', format: 'email' },
            {
              id: 'pur_asset',
              identifier: 'asset',
              type: 'picker',
              title: '关联资产',
              hidden: true,
              dataSource: { type: 'select-component', code: 'asset' },
            },
            { id: 'pur_quotation', identifier: 'quotation', type: 'file', title: '报价单', maxCount: 3, size: 10, accept: ['doc', '.pdf', 'zip'] },
          ],
        },
      ],
    },
  ],
  interceptors: [
    { id: 'pur_i_urgent', matchers: [{ fieldId: 'pur_urgent', factor: 'is', value: true }], executors: [{ fieldId: 'pur_urgent_reason', op: 'required' }] },
    // Complementary pairs list the rule that restores the definition's state first:
    // a lapsing rule puts the definition back, so the other one must run after it.
    { id: 'pur_i_no_asset', matchers: [{ fieldId: 'pur_category', factor: 'not-in', value: ['it', 'furniture'] }], executors: [{ fieldId: 'pur_asset', op: 'hidden' }] },
    { id: 'pur_i_asset', matchers: [{ fieldId: 'pur_category', factor: 'in', value: ['it', 'furniture'] }], executors: [{ fieldId: 'pur_asset', op: 'visible' }] },
    { id: 'pur_i_quote', matchers: [{ fieldId: 'pur_amount', factor: 'more', value: 10000 }], executors: [{ fieldId: 'pur_quotation', op: 'required' }] },
    {
      id: 'pur_i_it',
      matchers: [{ fieldId: 'pur_category', factor: 'is', value: 'it' }],
      executors: [{ fieldId: 'pur_subcategory', op: 'data-source', dataSource: { type: 'event-config', id: 'ec-purchase-subcategories' } }],
    },
  ],
};
