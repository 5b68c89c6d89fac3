import { describe, expect, it } from 'vitest';
import * as M from '../../../../domain/forms/messages';

describe('forms messages are the spec strings word for word', () => {
  it.each([
    [M.READONLY_PLACEHOLDER, '-'],
    [M.REQUIRED, '请选择{title}'],
    [M.STREET_REQUIRED, '请输入详细地址'],
    [M.MOBILE_INVALID, '请输入正确的手机号'],
    [M.PHONE_INVALID, '请输入正确的电话号码'],
    [M.EMAIL_INVALID, '请输入正确的邮箱'],
    [M.ID_CARD_INVALID, '请输入正确的身份证号'],
    [M.FILE_CHECK_STATUS, '请检查文件上传状态'],
    [M.FILE_REQUIRED, '请上传文件'],
    [M.IMAGE_CHECK_STATUS, '请检查图片上传状态'],
    [M.IMAGE_REQUIRED, '请上传图片'],
    [M.DOCUMENT_CHECK_STATUS, '请检查文档上传状态'],
    [M.DOCUMENT_REQUIRED, '请上传文档'],
    [M.FILE_TOO_LARGE, '文件不能大于{n}MB'],
    [M.IMAGE_TOO_LARGE, '图片不能大于{n}MB'],
    [M.DOCUMENT_TOO_LARGE, '文档不能大于{n}MB'],
    [M.FILE_FORMAT, '请上传{types}格式的文件'],
    [M.IMAGE_FORMAT, '请上传{list}格式的图片'],
    [M.IMAGE_WIDTH_MAX, '图片宽度不能超过{w}px'],
    [M.IMAGE_WIDTH_EXACT, '宽度必须是{w}px'],
    [M.IMAGE_HEIGHT_MAX, '图片高度不能超过{h}px'],
    [M.IMAGE_HEIGHT_EXACT, '高度必须是{h}px'],
    [M.SUBFORM_REQUIRED, '请添加{title}'],
    [M.SUBFORM_REQUIRED_DEFAULT, '请添加数据'],
    [M.NEXT_STEP_REQUIRED, '请完成下一步'],
    [M.STEP_FAILED, '请检查输入'],
    [M.SUBMIT_FAILED, '请检查输入'],
    [M.INIT_FAILED, '表单初始化失败'],
    [M.RESTORE_RESET, '表单恢复失败，数据已重置'],
    [M.RESTORE_CODE_MISMATCH, '表单恢复失败，应用编码不一致'],
    [M.DATA_SOURCE_LOAD_FAILED, '「{title}」数据源加载失败'],
    [M.REMINDER_DEFAULT_TITLE, '提示'],
    [M.REMINDER_DEFAULT_CLOSE, '关闭'],
  ])('%s', (constant, literal) => {
    expect(constant).toBe(literal);
  });
});

describe('decided messages', () => {
  it.each([
    [M.MIN_LENGTH, '最少输入{min}个字符'],
    [M.MAX_LENGTH, '最多输入{max}个字符'],
    [M.NUMBER_MIN, '不能小于{min}'],
    [M.NUMBER_MAX, '不能大于{max}'],
    [M.PATTERN_INVALID, '格式不正确'],
    [M.FILE_MAX_COUNT, '最多上传{n}个文件'],
    [M.IMAGE_MAX_COUNT, '最多上传{n}张图片'],
    [M.DOCUMENT_MAX_COUNT, '最多上传{n}个文档'],
    [M.DOCUMENT_TYPE_REQUIRED, '请选择文件类型'],
    [M.DOCUMENT_NAME_REQUIRED, '请输入文件名称'],
    [M.DOCUMENT_NAME_BLANK, '文件名称不能全为空格'],
    [M.DOCUMENT_NAME_TOO_LONG, '文件名称不能超过{max}个字符'],
    [M.SUBFORM_ROW_COUNT, '共{n}条'],
    [M.SWITCH_ON, '是'],
    [M.LIST_SEPARATOR, '、'],
    [M.PATH_SEPARATOR, ' / '],
    [M.RANGE_SEPARATOR, ' ~ '],
    [M.EXTENSION_SEPARATOR, '、'],
    [M.SWITCH_OFF, '否'],
  ])('%s', (constant, literal) => {
    expect(constant).toBe(literal);
  });
});

describe('fillMessage', () => {
  it.each([
    ['请选择{title}', { title: '姓名' }, '请选择姓名'],
    ['文件不能大于{n}MB', { n: 10 }, '文件不能大于10MB'],
    ['请上传{list}格式的图片', { list: 'jpg、png' }, '请上传jpg、png格式的图片'],
    ['{a}{a}', { a: 1 }, '11'],
    ['请选择{title}', {}, '请选择{title}'],
    ['no placeholder', { x: 1 }, 'no placeholder'],
    ['{toString}', {}, '{toString}'],
  ])('%s with %j -> %s', (template, vars, expected) => {
    expect(M.fillMessage(template, vars)).toBe(expected);
  });
});

describe('initFailureMessage', () => {
  it.each([
    [undefined, '表单初始化失败'],
    ['', '表单初始化失败'],
    ['   ', '表单初始化失败'],
    [42, '表单初始化失败'],
    ['应用配置有误', '应用配置有误'],
  ])('%j -> %s', (input, expected) => {
    expect(M.initFailureMessage(input)).toBe(expected);
  });
});

describe('dataSourceLoadFailed', () => {
  it.each([
    ['学院', '「学院」数据源加载失败'],
    [undefined, '「」数据源加载失败'],
  ])('%j -> %s', (title, expected) => {
    expect(M.dataSourceLoadFailed(title)).toBe(expected);
  });
});
