/**
 * Every user-visible string of the forms context, in the spec's words (SPEC point 5
 * "Dynamic form fields", point 8, point 9). Templates carry `{name}` placeholders
 * filled by `fillMessage`. Strings marked "decided" are not in the spec; they were
 * chosen here because the spec names the rule but not its message.
 */

/** Read-only placeholder for an empty value (SPEC point 2 "Dynamic form renderer"). */
export const READONLY_PLACEHOLDER = '-';

// Required and text rules
export const REQUIRED = '请选择{title}';
export const STREET_REQUIRED = '请输入详细地址';
/** decided */
export const MIN_LENGTH = '最少输入{min}个字符';
/** decided */
export const MAX_LENGTH = '最多输入{max}个字符';
/** decided */
export const NUMBER_MIN = '不能小于{min}';
/** decided */
export const NUMBER_MAX = '不能大于{max}';

// Formats
export const MOBILE_INVALID = '请输入正确的手机号';
export const PHONE_INVALID = '请输入正确的电话号码';
export const EMAIL_INVALID = '请输入正确的邮箱';
export const ID_CARD_INVALID = '请输入正确的身份证号';
/** decided: used when a custom pattern comes without its own message */
export const PATTERN_INVALID = '格式不正确';

// Files, images, documents
export const FILE_CHECK_STATUS = '请检查文件上传状态';
export const FILE_REQUIRED = '请上传文件';
export const IMAGE_CHECK_STATUS = '请检查图片上传状态';
export const IMAGE_REQUIRED = '请上传图片';
export const DOCUMENT_CHECK_STATUS = '请检查文档上传状态';
export const DOCUMENT_REQUIRED = '请上传文档';
export const FILE_TOO_LARGE = '文件不能大于{n}MB';
export const IMAGE_TOO_LARGE = '图片不能大于{n}MB';
export const DOCUMENT_TOO_LARGE = '文档不能大于{n}MB';
export const FILE_FORMAT = '请上传{types}格式的文件';
export const IMAGE_FORMAT = '请上传{list}格式的图片';
export const IMAGE_WIDTH_MAX = '图片宽度不能超过{w}px';
export const IMAGE_WIDTH_EXACT = '宽度必须是{w}px';
export const IMAGE_HEIGHT_MAX = '图片高度不能超过{h}px';
export const IMAGE_HEIGHT_EXACT = '高度必须是{h}px';
/** decided */
export const FILE_MAX_COUNT = '最多上传{n}个文件';
/** decided */
export const IMAGE_MAX_COUNT = '最多上传{n}张图片';
/** decided */
export const DOCUMENT_MAX_COUNT = '最多上传{n}个文档';

// New document (SPEC: file type required, file name required, max 40, not blank)
/** decided */
export const DOCUMENT_TYPE_REQUIRED = '请选择文件类型';
/** decided */
export const DOCUMENT_NAME_REQUIRED = '请输入文件名称';
/** decided */
export const DOCUMENT_NAME_BLANK = '文件名称不能全为空格';
/** decided */
export const DOCUMENT_NAME_TOO_LONG = '文件名称不能超过{max}个字符';

// Subform
export const SUBFORM_REQUIRED = '请添加{title}';
export const SUBFORM_REQUIRED_DEFAULT = '请添加数据';
/** decided: read-only summary of a subform value */
export const SUBFORM_ROW_COUNT = '共{n}条';

// Read-only text separators (decided)
/** Checkbox, multiselect, picker and file names. */
export const LIST_SEPARATOR = '、';
/** Cascader path. */
export const PATH_SEPARATOR = ' / ';
/** Date range ends. */
export const RANGE_SEPARATOR = ' ~ ';
/** Extensions in a format message (请上传jpg、png格式的图片). */
export const EXTENSION_SEPARATOR = '、';

// Switch display (decided)
export const SWITCH_ON = '是';
export const SWITCH_OFF = '否';

// Form level
export const NEXT_STEP_REQUIRED = '请完成下一步';
export const STEP_FAILED = '请检查输入';
export const SUBMIT_FAILED = '请检查输入';
export const INIT_FAILED = '表单初始化失败';
export const RESTORE_RESET = '表单恢复失败，数据已重置';
export const RESTORE_CODE_MISMATCH = '表单恢复失败，应用编码不一致';
export const DATA_SOURCE_LOAD_FAILED = '「{title}」数据源加载失败';

// Initial reminder modal defaults (SPEC point 9)
export const REMINDER_DEFAULT_TITLE = '提示';
export const REMINDER_DEFAULT_CLOSE = '关闭';

/**
 * Fills `{name}` placeholders. Unknown placeholders stay as written so a missing
 * variable is visible rather than silently blank.
 */
export const fillMessage = (template: string, vars: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole,
  );

/** The init failure shows the server's message when it has one. */
export const initFailureMessage = (message?: unknown): string =>
  typeof message === 'string' && message.trim() !== '' ? message : INIT_FAILED;

/** 「{title}」数据源加载失败 */
export const dataSourceLoadFailed = (title: string | undefined): string =>
  fillMessage(DATA_SOURCE_LOAD_FAILED, { title: title ?? '' });

/**
 * SPEC point 9 "Default address prompts: province, city, district" names the prompts
 * but not their words; these are the decided Chinese strings, one per picker column.
 */
export const ADDRESS_PROMPTS = Object.freeze({
  province: '请选择省',
  city: '请选择市',
  district: '请选择区',
} as const);
