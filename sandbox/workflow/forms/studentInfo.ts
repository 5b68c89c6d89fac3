import type { FormDefinition } from './schema';

/**
 * 学籍信息变更 (students and parents). Dictionaries gender and nation, the area
 * cascader, an address, id-card / mobile / email formats, an exact-size photo,
 * multiselect and checkbox, month and year dates, an internal field, a family
 * subform that cannot lose rows, and an inherited read-only awards subform.
 */
export const STUDENT_INFO_FORM: FormDefinition = {
  v: '1.1',
  dataSourceId: 'ds-student',
  table: 'stu_info_change',
  fields: [
    {
      id: 'stu_grid',
      type: 'grid',
      panes: [
        { span: 12, children: [{ id: 'stu_name', identifier: 'name', type: 'input', title: '学生姓名', required: true, max: 20 }] },
        {
          span: 12,
          children: [{ id: 'stu_gender', identifier: 'gender', type: 'radio', title: '性别', required: true, direction: 'horizontal', dataSource: { type: 'dictionary', code: 'gender' } }],
        },
        { span: 12, children: [{ id: 'stu_nation', identifier: 'nation', type: 'select', title: '民族', dataSource: { type: 'dictionary', code: 'nation' } }] },
        { span: 12, children: [{ id: 'stu_birthday', identifier: 'birthday', type: 'date', mode: 'day', title: '出生日期' }] },
      ],
    },
    { id: 'stu_no', identifier: 'studentNo', type: 'input', title: '学号', internal: true },
    { id: 'stu_idcard', identifier: 'idCard', type: 'input', title: '身份证号', required: true, format: 'id-card' },
    { id: 'stu_mobile', identifier: 'mobile', type: 'input', title: '手机号', format: 'mobile' },
    { id: 'stu_email', identifier: 'email', type: 'input', title: '邮箱', format: 'email' },
    { id: 'stu_hometown', identifier: 'hometown', type: 'cascader', title: '籍贯', dataSource: { type: 'area' } },
    { id: 'stu_address', identifier: 'address', type: 'address', title: '家庭住址', required: true, max: 100 },
    {
      id: 'stu_photo',
      identifier: 'photo',
      type: 'image',
      title: '证件照',
      description: { text: '白底证件照，295×413像素', color: '#fa8c16' },
      maxCount: 1,
      size: 2,
      accept: ['jpg', 'png'],
      width: 295,
      height: 413,
      accurate: true,
    },
    { id: 'stu_enroll', identifier: 'enrollMonth', type: 'date', mode: 'month', title: '入学年月' },
    { id: 'stu_graduation', identifier: 'graduationYear', type: 'date', mode: 'year', title: '预计毕业年份' },
    {
      id: 'stu_hobbies',
      identifier: 'hobbies',
      type: 'multiselect',
      title: '兴趣爱好',
      dataSource: {
        type: 'static',
        options: [
          { label: '阅读', value: 'reading' },
          { label: '音乐', value: 'music' },
          { label: '运动', value: 'sports' },
          { label: '编程', value: 'coding' },
        ],
      },
    },
    {
      id: 'stu_skills',
      identifier: 'skills',
      type: 'checkbox',
      title: '特长',
      direction: 'vertical',
      dataSource: {
        type: 'static',
        options: [
          { label: '书法', value: 'calligraphy' },
          { label: '钢琴', value: 'piano' },
          { label: '田径', value: 'athletics' },
        ],
      },
    },
    {
      id: 'stu_family',
      identifier: 'family',
      type: 'subform',
      title: '家庭成员',
      required: true,
      maxCount: 6,
      nonRemovable: true,
      message: '请至少填写一位家庭成员',
      children: [
        { id: 'stu_family_name', identifier: 'name', type: 'input', title: '姓名', required: true, max: 20 },
        {
          id: 'stu_family_relation',
          identifier: 'relation',
          type: 'select',
          title: '关系',
          required: true,
          dataSource: {
            type: 'static',
            options: [
              { label: '爸爸', value: '1' },
              { label: '妈妈', value: '2' },
              { label: '爷爷', value: '3' },
              { label: '奶奶', value: '4' },
              { label: '其他', value: '0' },
            ],
          },
        },
        { id: 'stu_family_phone', identifier: 'phone', type: 'input', title: '联系电话', format: 'mobile' },
      ],
    },
    {
      id: 'stu_awards',
      identifier: 'awards',
      type: 'subform',
      title: '获奖记录',
      inherited: true,
      nonAddable: true,
      nonEditable: true,
      nonRemovable: true,
      children: [
        { id: 'stu_award_name', identifier: 'award', type: 'input', title: '奖项' },
        { id: 'stu_award_month', identifier: 'awardMonth', type: 'date', mode: 'month', title: '获奖时间' },
      ],
    },
    { id: 'stu_reason', identifier: 'reason', type: 'textarea', title: '变更说明', required: true, max: 300 },
  ],
  interceptors: [
    // Someone must be reachable: without an email the mobile becomes required.
    { id: 'stu_i_contact', matchers: [{ fieldId: 'stu_email', factor: 'empty' }], executors: [{ fieldId: 'stu_mobile', op: 'required' }] },
  ],
};
