import type { App, AppGroupDef, CarouselImage, MenuItem, PortalConfig, WidgetInfo } from '../core/db';
import { USER } from './ids';

const icon = (name: string): string => `/sandbox/images/apps/${name}.svg`;
const web = (id: string, name: string, path: string, iconImage = icon(id)): App => ({
  id: `app-${id}`, name, iconUrl: iconImage, iconName: id, iconImage, content: `https://example.com/campus/${path}`, code: id, useAppType: 1,
});
const flow = (id: string, name: string, code: string): App => ({
  id: `app-${id}`, name, iconUrl: icon(id), iconName: id, iconImage: icon(id), content: '', code, useAppType: 3,
});
const builtIn = (id: string, name: string, code: string): App => ({
  id: `app-${id}`, name, iconUrl: icon(id), iconName: id, iconImage: icon(id), content: '', code, useAppType: 2,
});

export function apps(): App[] {
  return [
    flow('leave', '请假申请', 'leave'),
    flow('purchase', '采购申请', 'purchase'),
    flow('seal', '用印申请', 'seal'),
    flow('unconfigured', '未配置流程', 'unconfigured'),
    // Its code has no flow: flowid-by-appcode answers null (未开通审批流程).
    flow('noflow', '会议室预约', 'noflow'),
    builtIn('approval', '审批中心', 'approvalCenter'),
    builtIn('stureport', '迎新报到', 'studentReport'),
    builtIn('teareport', '报到核验', 'teacherStudentReport'),
    web('timetable', '课表查询', 'timetable'),
    web('score', '成绩查询', 'score'),
    web('scoreentry', '成绩录入', 'score-entry'),
    web('calendar', '校历', 'calendar'),
    // No icon: the client shows its default icon.
    web('guide', '办事指南', 'guide', ''),
    web('map', '校园地图', 'map'),
    web('canteen', '食堂菜单', 'canteen'),
    web('bus', '校车时刻', 'bus'),
    web('repair', '网上报修', 'repair'),
    web('card', '一卡通', 'card'),
    web('library', '图书馆', 'library'),
    web('counsel', '心理咨询', 'counsel'),
    web('pay', '缴费平台', 'pay'),
    web('jobs', '招聘会', 'jobs'),
    web('cooperation', '校企合作', 'cooperation'),
    web('visitor', '访客预约', 'visitor'),
  ];
}

const ids = (...names: string[]): string[] => names.map((n) => `app-${n}`);

export function appGroups(): AppGroupDef[] {
  return [
    { id: 'grp-t-office', name: '办公审批', userTypes: [1], appIds: ids('leave', 'purchase', 'seal', 'unconfigured', 'noflow', 'approval') },
    { id: 'grp-t-teach', name: '教学服务', userTypes: [1], appIds: ids('teareport', 'timetable', 'scoreentry', 'calendar', 'guide') },
    { id: 'grp-t-life', name: '校园生活', userTypes: [1], appIds: ids('map', 'canteen', 'bus', 'repair', 'card', 'library', 'counsel') },
    { id: 'grp-s-report', name: '迎新服务', userTypes: [2], appIds: ids('stureport') },
    { id: 'grp-s-office', name: '办事审批', userTypes: [2], appIds: ids('leave', 'noflow', 'approval') },
    { id: 'grp-s-life', name: '学习生活', userTypes: [2], appIds: ids('timetable', 'score', 'library', 'map', 'canteen', 'card', 'pay') },
    { id: 'grp-p-home', name: '家校服务', userTypes: [3], appIds: ids('leave', 'approval', 'pay', 'calendar', 'canteen') },
    { id: 'grp-e-coop', name: '校企服务', userTypes: [4], appIds: ids('jobs', 'cooperation') },
    { id: 'grp-o-visit', name: '访客服务', userTypes: [5], appIds: ids('visitor', 'map') },
  ];
}

export function commonApps(): Record<string, string[]> {
  return {
    // 13 apps: the home shows 11 plus a 更多 tile.
    [USER.t1001]: ids('leave', 'purchase', 'seal', 'approval', 'teareport', 'timetable', 'calendar', 'map', 'canteen', 'bus', 'repair', 'card', 'library'),
    [USER.t1002]: ids('leave', 'purchase', 'approval', 'timetable', 'map'),
    [USER.t1003]: ids('approval', 'seal', 'purchase', 'guide'),
    [USER.s2001]: ids('stureport', 'leave', 'timetable', 'score', 'library'),
    [USER.s2002]: ids('stureport', 'leave'),
    [USER.s2003]: [],
    [USER.p3001]: ids('leave', 'pay'),
    [USER.e4001]: [],
    [USER.o5001]: ids('visitor'),
  };
}

export function menus(): MenuItem[] {
  return [
    { id: 'menu-leave', name: '请假管理', path: '/oa/leave', userTypes: [1, 2, 3] },
    { id: 'menu-timetable', name: '课表管理', path: '/teach/timetable', userTypes: [1, 2] },
    { id: 'menu-report', name: '迎新报到管理', path: '/student/report', userTypes: [1] },
    { id: 'menu-visitor', name: '访客登记', path: '/visitor', userTypes: [5] },
  ];
}

const w = (code: string, x: number, y: number, wd: number, h: number) => ({ code, x, y, w: wd, h });

/** Portal layouts by user type; type 4 has none (未配置门户). Deliberately not sorted by y. */
export function portals(): Record<string, PortalConfig> {
  return {
    '1': {
      v: '1',
      platform: 'mobile',
      widgets: [
        w('mobile-oa', 0, 2, 2, 8),
        w('mobile-carousel', 0, 0, 2, 12),
        w('mobile-app', 0, 1, 2, 10),
        w('mobile-todo', 0, 3, 2, 8),
        w('weather', 1, 4, 1, 6),
        w('mobile-note', 0, 4, 1, 6),
        w('mobile-library', 0, 5, 2, 6),
      ],
    },
    '2': {
      v: '1',
      platform: 'mobile',
      widgets: [w('mobile-carousel', 0, 0, 2, 10), w('mobile-todo', 0, 2, 2, 8), w('mobile-app', 0, 1, 2, 10), w('mobile-note', 0, 3, 1, 6), w('weather', 1, 3, 1, 6)],
    },
    '3': { v: '1', platform: 'mobile', widgets: [w('mobile-carousel', 0, 0, 2, 10), w('mobile-app', 0, 1, 2, 8), w('mobile-note', 0, 2, 2, 6)] },
    '5': { v: '1', platform: 'mobile', widgets: [w('mobile-app', 0, 0, 2, 8)] },
  };
}

export function widgets(): WidgetInfo[] {
  return [
    { id: 'wid-app', code: 'mobile-app', state: 1, url: '' },
    { id: 'wid-oa', code: 'mobile-oa', state: 1, url: '' },
    { id: 'wid-todo', code: 'mobile-todo', state: 1, url: '' },
    { id: 'wid-note', code: 'mobile-note', state: 1, url: '' },
    { id: 'wid-carousel', code: 'mobile-carousel', state: 1, url: '' },
    // Unknown to the client: rendered as an iframe of its url.
    { id: 'wid-weather', code: 'weather', state: 1, url: '/sandbox/widgets/weather.html' },
    // In the type-1 layout but disabled: the client drops it.
    { id: 'wid-library', code: 'mobile-library', state: 0, url: '/sandbox/widgets/library.html' },
  ];
}

export function carousel(): CarouselImage[] {
  return [
    { id: 'car-1', imageAddress: '/sandbox/images/carousel/1.svg', imageName: '2026 春季开学典礼', jumpAddress: 'https://example.com/campus/news/opening', type: 1 },
    { id: 'car-2', imageAddress: '/sandbox/images/carousel/2.svg', imageName: '图书馆延长开放时间', jumpAddress: '', type: 1 },
    { id: 'car-3', imageAddress: '/sandbox/images/carousel/3.svg', imageName: '校园科技节', jumpAddress: 'https://example.com/campus/news/tech-festival', type: 1 },
    { id: 'car-pc', imageAddress: '/sandbox/images/carousel/4.svg', imageName: '电脑端横幅', jumpAddress: '', type: 2 },
  ];
}
