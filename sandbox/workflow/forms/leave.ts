import type { FormDefinition } from './schema';

/**
 * 请假申请 (staff). Dictionary leave_type, a date-range in DateTime mode whose change
 * sets the day count through an event config, a picker by select-component code,
 * a subform shown by a switch, and the flow's initial reminder with a countdown.
 */
export const LEAVE_FORM: FormDefinition = {
  v: '1.3',
  dataSourceId: 'ds-oa',
  table: 'oa_leave',
  initialReminder: {
    title: '请假须知',
    content: '1. 教职工请假超过3天需校长审批；\n2. 请假超过3天须上传证明材料并指定工作交接人；\n3. 需要调课的请填写调课安排。',
    countdown: 5,
    closeText: '我已阅读',
    closeColor: '#1677ff',
    disabled: false,
  },
  fields: [
    { id: 'leave_tip', type: 'text', content: '审批通过后将自动同步至考勤系统。' },
    {
      id: 'leave_grid',
      type: 'grid',
      panes: [
        {
          span: 12,
          children: [
            {
              id: 'leave_type',
              identifier: 'leaveType',
              type: 'select',
              title: '请假类型',
              required: true,
              placeholder: '请选择请假类型',
              dataSource: { type: 'dictionary', code: 'leave_type' },
            },
          ],
        },
        {
          span: 12,
          children: [
            {
              id: 'leave_days',
              identifier: 'days',
              type: 'number',
              title: '请假天数',
              required: true,
              min: 0.5,
              max: 30,
              description: { text: '根据请假时间自动计算，可修改', color: '#8c8c8c' },
            },
          ],
        },
      ],
    },
    { id: 'leave_period', identifier: 'period', type: 'date-range', title: '请假时间', required: true, mode: 'DateTime' },
    { id: 'leave_reason', identifier: 'reason', type: 'textarea', title: '请假事由', required: true, max: 200, placeholder: '请输入请假事由' },
    { id: 'leave_proof', identifier: 'proof', type: 'image', title: '证明材料', hidden: true, maxCount: 3, size: 5, accept: ['image'] },
    { id: 'leave_phone', identifier: 'contactPhone', type: 'input', title: '紧急联系电话', format: 'phone', placeholder: '手机号或区号-座机号' },
    {
      id: 'leave_handover',
      identifier: 'handover',
      type: 'picker',
      title: '工作交接人',
      dataSource: { type: 'select-component', code: 'staff' },
    },
    { id: 'leave_sub_need', identifier: 'needSubstitute', type: 'switch', title: '需要调课', defaultValue: false },
    {
      id: 'leave_subs',
      identifier: 'substitutes',
      type: 'subform',
      title: '调课安排',
      hidden: true,
      maxCount: 10,
      message: '请至少添加一条调课安排',
      children: [
        { id: 'leave_sub_date', identifier: 'date', type: 'date', mode: 'day', title: '日期', required: true },
        { id: 'leave_sub_class', identifier: 'className', type: 'input', title: '班级', required: true, max: 20 },
        {
          id: 'leave_sub_teacher',
          identifier: 'teacher',
          type: 'picker',
          title: '代课教师',
          dataSource: { type: 'select-component', code: 'staff' },
        },
      ],
    },
    { id: 'leave_note', type: 'paragraph', content: '<p>温馨提示：<b>病假</b>请附医院证明，<b>年假</b>以人事处核定余额为准。</p>' },
  ],
  listeners: [{ id: 'leave_l_days', fields: ['leave_period'], executors: [{ fieldId: 'leave_days', op: 'set', event: 'ec-leave-days' }] }],
  interceptors: [
    // A rule lapsing puts back what the definition says (the client's rule engine), so
    // each rule only states the exception; more than 3 days (the principal's branch) needs proof.
    {
      id: 'leave_i_proof',
      matchers: [{ fieldId: 'leave_days', factor: 'more', value: 3.5 }],
      executors: [
        { fieldId: 'leave_proof', op: 'required' },
        { fieldId: 'leave_handover', op: 'required' },
      ],
    },
    // Half a day: no classes to hand over.
    { id: 'leave_i_half', matchers: [{ fieldId: 'leave_days', factor: 'less', value: 0.5 }], executors: [{ fieldId: 'leave_sub_need', op: 'hidden' }] },
    { id: 'leave_i_subs', matchers: [{ fieldId: 'leave_sub_need', factor: 'is', value: true }], executors: [{ fieldId: 'leave_subs', op: 'required' }] },
    // Half a day to a day needs no handover.
    { id: 'leave_i_short', matchers: [{ fieldId: 'leave_days', factor: 'between', value: [0.5, 1] }], executors: [{ fieldId: 'leave_handover', op: 'hidden' }] },
  ],
};
