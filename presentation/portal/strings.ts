/**
 * Presentation-only strings of the home portal; the spec's own (未配置门户, its hint,
 * 待审批, 待阅) are in domain/portal/messages.ts. All of these are decided wording.
 */
export const OA_WIDGET_TITLE = '审批';
export const TODO_WIDGET_TITLE = '待办事项';
export const NOTE_WIDGET_TITLE = '便签';
export const VIEW_ALL = '全部';
export const LOAD_MORE = '加载更多';
export const OA_EMPTY = '暂无审批';
export const TODO_EMPTY = '暂无待办';
export const TODO_DEADLINE_PREFIX = '截止';
export const TODO_NO_DEADLINE = '无截止时间';
export const PORTAL_LOAD_FAILED = '门户加载失败';
export const WIDGET_FRAME_TITLE = '门户组件';
export const CAROUSEL_LABEL = '轮播图';

// The app widget (its grid: shared/apps/AppGrid.tsx).
export const MY_APPS_TITLE = '我的应用';
export const ALL_APPS_TITLE = '全部应用';
export const ALL_APPS_LINK = '全部';
export const EDIT_COMMON_APPS = '编辑常用应用';

// The note widget (application/portal/notes.ts).
export const NOTE_EMPTY = '点击记录你的第一条便签';
export const NOTE_ADD = '新建便签';
export const NOTE_EDIT = '编辑便签';
export const NOTE_PLACEHOLDER = '记点什么吧…';
export const NOTE_SAVE = '保存';
export const NOTE_DELETE = '删除';
export const NOTE_CLOSE = '关闭';
export const noteCount = (n: number): string => `${n}条`;
