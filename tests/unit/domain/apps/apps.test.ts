import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeCategoryIndex,
  anchorScrollBehavior,
  anchorScrollTop,
  APP_GRID_COLUMNS,
  APP_TYPE,
  appOpenTarget,
  BUILT_IN_APP_CODES,
  cancelEdit,
  commonAppsEdit,
  DELETE_SUCCESS,
  EDIT_CANCEL,
  EDIT_DONE,
  finishEdit,
  flattenApps,
  HOME_APPS_MORE_THRESHOLD,
  HOME_APPS_VISIBLE,
  homeAppTiles,
  isAnchorLocked,
  LAUNCHER_ANCHOR_LOCK_MS,
  LAUNCHER_SCROLL_DEBOUNCE_MS,
  LAUNCHER_SCROLL_OFFSET,
  LAUNCHER_SMOOTH_SCROLL_SCREENS,
  launcherEmptyText,
  launcherGroupsToDraw,
  LAUNCHER_TILES_PER_STEP,
  MORE_APPS,
  NO_APPS,
  NO_FLOW,
  NO_SEARCH_RESULTS,
  removeInEdit,
  resolveFlowApp,
  searchApps,
  showCommonSection,
  startEdit,
  type App,
  type AppGroup,
} from '../../../../domain/apps';

const app = (id: string, patch: Partial<App> = {}): App => ({ id, name: `应用${id}`, useAppType: 2, ...patch });
const apps = (n: number): App[] => Array.from({ length: n }, (_, i) => app(String(i + 1)));

describe('strings and constants', () => {
  it.each([
    [MORE_APPS, '更多'],
    [EDIT_DONE, '完成'],
    [EDIT_CANCEL, '取消'],
    [DELETE_SUCCESS, '删除成功'],
    [NO_APPS, '暂无应用'],
    [NO_SEARCH_RESULTS, '暂无搜索结果'],
    [NO_FLOW, '未开通审批流程'],
  ])('%s', (constant, literal) => expect(constant).toBe(literal));

  it.each([
    ['scroll offset', LAUNCHER_SCROLL_OFFSET, 124],
    ['scroll debounce', LAUNCHER_SCROLL_DEBOUNCE_MS, 150],
    ['anchor lock', LAUNCHER_ANCHOR_LOCK_MS, 500],
    ['grid columns', APP_GRID_COLUMNS, 4],
    ['home visible apps', HOME_APPS_VISIBLE, 11],
    ['home more threshold', HOME_APPS_MORE_THRESHOLD, 12],
    ['web link type', APP_TYPE.WEB_LINK, 1],
    ['approval flow type', APP_TYPE.APPROVAL_FLOW, 3],
  ])('%s', (_label, value, expected) => expect(value).toBe(expected));

  it('built-in codes', () =>
    expect(Object.values(BUILT_IN_APP_CODES)).toEqual(['studentReport', 'teacherStudentReport', 'approvalCenter']));
});

describe('where an app opens', () => {
  const web = app('w', { name: ' 校园报修 ', useAppType: 1, content: 'https://repair.example/' });

  it.each<[string, App, boolean, unknown]>([
    ['web link outside the shell', web, false, { kind: 'webLink', title: '校园报修', url: 'https://repair.example/' }],
    ['web link in the shell', web, true, { kind: 'webLink', title: '校园报修', url: 'https://repair.example/' }],
    ['web link with javascript:', app('j', { useAppType: 1, content: 'javascript:alert(1)' }), false, { kind: 'invalidLink' }],
    ['web link without content', app('n', { useAppType: 1 }), false, { kind: 'invalidLink' }],
    ['approval flow by code', app('f', { useAppType: 3, code: ' leave ' }), false, { kind: 'flow', code: 'leave' }],
    ['approval flow without code', app('f', { useAppType: 3, code: '' }), false, { kind: 'noFlow', message: '未开通审批流程' }],
    ['approval centre', app('a', { code: 'approvalCenter' }), false, { kind: 'approvalCenter' }],
    ['student report', app('s', { code: 'studentReport' }), true, { kind: 'studentReport' }],
    ['teacher scanner in the shell', app('t', { code: 'teacherStudentReport' }), true, { kind: 'teacherScanner', via: 'native' }],
    ['teacher scanner on the web', app('t', { code: 'teacherStudentReport' }), false, { kind: 'teacherScanner', via: 'page' }],
    ['unknown built-in', app('u', { code: 'library' }), false, { kind: 'unknown', code: 'library' }],
    ['built-in without code', app('u', { useAppType: 0, code: null }), false, { kind: 'unknown', code: '' }],
  ])('%s', (_label, a, inShell, expected) => expect(appOpenTarget(a, { inShell })).toEqual(expected));

  it.each([
    ['leave', 'flow-1', { kind: 'approvalCenter', flowId: 'flow-1', code: 'leave' }],
    ['leave', 42, { kind: 'approvalCenter', flowId: '42', code: 'leave' }],
    ['leave', null, { kind: 'noFlow', message: '未开通审批流程' }],
    ['leave', '', { kind: 'noFlow', message: '未开通审批流程' }],
    ['', 'flow-1', { kind: 'noFlow', message: '未开通审批流程' }],
  ])('resolveFlowApp(%j, %j)', (code, flowId, expected) => expect(resolveFlowApp(code, flowId)).toEqual(expected));

  it('every app has a target and web targets are http(s) (property)', () => {
    const anyApp = fc.record({
      id: fc.string(),
      name: fc.string(),
      useAppType: fc.integer({ min: -1, max: 5 }),
      code: fc.option(fc.oneof(fc.constantFrom(...Object.values(BUILT_IN_APP_CODES)), fc.string())),
      content: fc.option(fc.oneof(fc.webUrl(), fc.string())),
    });
    fc.assert(
      fc.property(anyApp, fc.boolean(), (a, inShell) => {
        const t = appOpenTarget(a, { inShell });
        if (t.kind === 'webLink') expect(t.url).toMatch(/^https?:/i);
      }),
    );
  });
});

describe("home 'my apps' (SPEC point 9: up to 11 plus 更多 when more than 12)", () => {
  it.each([
    [0, 0, false],
    [11, 11, false],
    [12, 12, false],
    [13, 11, true],
    [30, 11, true],
  ])('%d apps -> %d tiles, 更多 %s', (n, shown, more) => {
    const r = homeAppTiles(apps(n));
    expect(r.apps).toHaveLength(shown);
    expect(r.more).toBe(more);
    expect(r.apps.map((a) => a.id)).toEqual(apps(shown).map((a) => a.id));
  });

  it.each([
    ['common apps and 11 apps', 3, 11, false],
    ['common apps and 12 apps', 3, 12, false],
    ['common apps and 13 apps', 3, 13, true],
    ['no common apps and 13 apps', 0, 13, false],
    ['no common apps and 12 apps', 0, 12, false],
  ])('common section with %s -> %s', (_label, common, all, shown) =>
    expect(showCommonSection(apps(common), apps(all))).toBe(shown),
  );
});

describe('common apps edit mode', () => {
  const saved = apps(3);

  it('minus enters edit, 取消 reverts', () => {
    let s = startEdit(commonAppsEdit(saved));
    expect(s.editing).toBe(true);
    s = removeInEdit(s, '2');
    expect(s.draft.map((a) => a.id)).toEqual(['1', '3']);
    s = cancelEdit(s);
    expect(s).toEqual({ editing: false, saved, draft: saved });
  });

  it('完成 saves deletions and answers the removed ids with 删除成功', () => {
    let s = startEdit(commonAppsEdit(saved));
    s = removeInEdit(removeInEdit(s, '1'), '3');
    const r = finishEdit(s);
    expect(r.removedIds).toEqual(['1', '3']);
    expect(r.message).toBe('删除成功');
    expect(r.state).toEqual({ editing: false, saved: [saved[1]], draft: [saved[1]] });
  });

  it('完成 with nothing removed: no call, no toast', () => {
    const r = finishEdit(startEdit(commonAppsEdit(saved)));
    expect(r).toEqual({ state: { editing: false, saved, draft: saved }, removedIds: [], message: null });
  });

  it('outside edit mode removing and finishing change nothing', () => {
    const s = commonAppsEdit(saved);
    expect(removeInEdit(s, '1')).toBe(s);
    expect(finishEdit(s).removedIds).toEqual([]);
    const editing = startEdit(s);
    expect(startEdit(editing)).toBe(editing);
  });
});

describe('launcher search (case-insensitive name contains over all apps)', () => {
  const groups: AppGroup[] = [
    { id: 'g1', name: '办公', useAppTree: [app('1', { name: 'OA 审批' }), app('2', { name: '请假' })] },
    { id: 'g2', name: '教学', useAppTree: [app('3', { name: '课表 oa' }), app('1', { name: 'OA 审批' })] },
  ];

  it.each([
    ['oa', ['1', '3']],
    ['  OA  ', ['1', '3']],
    ['请假', ['2']],
    ['无', []],
    ['', []],
    ['   ', []],
    [null, []],
  ])('keyword %j -> %j', (keyword, ids) => expect(searchApps(groups, keyword).map((a) => a.id)).toEqual(ids));

  it('flattens groups with each app once', () => {
    expect(flattenApps(groups).map((a) => a.id)).toEqual(['1', '2', '3']);
    expect(flattenApps(null)).toEqual([]);
  });

  it.each([
    [0, '', 0, '暂无应用'],
    [5, '', 0, null],
    [5, 'x', 0, '暂无搜索结果'],
    [0, 'x', 0, '暂无搜索结果'],
    [5, 'x', 2, null],
  ])('apps %d, keyword %j, results %d -> %j', (count, keyword, results, expected) =>
    expect(launcherEmptyText(count, keyword, results)).toBe(expected),
  );

  it('every result contains the keyword ignoring case (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 10 }), fc.string(), (names, keyword) => {
        const g: AppGroup[] = [{ id: 'g', name: 'g', useAppTree: names.map((name, i) => app(String(i), { name })) }];
        const k = keyword.trim().toLowerCase();
        const result = searchApps(g, keyword);
        expect(result.every((a) => a.name.toLowerCase().includes(k))).toBe(true);
        if (k !== '') expect(result).toHaveLength(names.filter((n) => n.toLowerCase().includes(k)).length);
      }),
    );
  });
});

describe('category tabs from scroll position', () => {
  const anchors = [0, 400, 900, 1500];

  it.each([
    [0, 0],
    [275, 0],
    [276, 1],
    [775, 1],
    [776, 2],
    [1376, 3],
    [99999, 3],
    [-50, 0],
    [Number.NaN, 0],
  ])('scrollTop %d -> tab %d (offset 124)', (scrollTop, index) =>
    expect(activeCategoryIndex(scrollTop, anchors)).toBe(index),
  );

  it('no anchors -> -1', () => expect(activeCategoryIndex(100, [])).toBe(-1));
  it('unsorted or unreadable anchors still pick the nearest reached one', () =>
    expect(activeCategoryIndex(1000, [900, Number.NaN, 0, 400])).toBe(0));
  it('custom and unreadable offsets', () => {
    expect(activeCategoryIndex(400, anchors, 0)).toBe(1);
    expect(activeCategoryIndex(276, anchors, Number.NaN)).toBe(1);
  });

  it.each([
    [400, 124, 276],
    [50, 124, 0],
    [Number.NaN, 124, 0],
  ])('tapping an anchor at %d scrolls to %d - offset', (top, offset, expected) =>
    expect(anchorScrollTop(top, offset)).toBe(expected),
  );
  it('default offset', () => expect(anchorScrollTop(1000)).toBe(876));

  it.each([
    [0, 844 * LAUNCHER_SMOOTH_SCROLL_SCREENS, 844, 'smooth'],
    [0, 844 * LAUNCHER_SMOOTH_SCROLL_SCREENS + 1, 844, 'auto'],
    [5000, 5000 - 844 * LAUNCHER_SMOOTH_SCROLL_SCREENS, 844, 'smooth'],
    [462_895, 0, 844, 'auto'],
    [0, 100, Number.NaN, 'auto'],
    [Number.NaN, 100, 844, 'auto'],
  ])('a tap from %d to %d on a %d px screen scrolls %s (auto: at once)', (from, to, screen, expected) =>
    expect(anchorScrollBehavior(from, to, screen)).toBe(expected),
  );

  it.each([
    [null, 1000, false],
    [1000, 1000, true],
    [1000, 1499, true],
    [1000, 1500, false],
    [1000, 900, false],
    [Number.NaN, 1000, false],
  ])('anchor lock from %j at %d -> %s', (lockedAt, now, expected) => expect(isAnchorLocked(lockedAt, now)).toBe(expected));

  it('the active index is always a valid index (property)', () => {
    fc.assert(
      fc.property(fc.double(), fc.array(fc.double(), { minLength: 1, maxLength: 10 }), (top, list) => {
        const i = activeCategoryIndex(top, list);
        expect(i).toBeGreaterThanOrEqual(0);
        expect(i).toBeLessThan(list.length);
      }),
    );
  });
});

describe('the launcher draws its groups a step at a time', () => {
  it('a step is about 120 tiles', () => expect(LAUNCHER_TILES_PER_STEP).toBe(120));

  it.each([
    ['a few small groups: all at once', [6, 6, 6], 0, -1, 3],
    ['5,000 groups of 6: 20 groups first', Array.from({ length: 5000 }, () => 6), 0, -1, 20],
    ['then 20 more', Array.from({ length: 5000 }, () => 6), 20, -1, 40],
    ['one group of 300 apps is one step', [300, 6, 6], 0, -1, 1],
    ['an empty group counts as one tile', Array.from({ length: 500 }, () => 0), 0, -1, 120],
    ['a tapped tab far ahead: through it, then a step', Array.from({ length: 5000 }, () => 6), 20, 4999, 5000],
    ['a tapped tab already drawn: a step more', Array.from({ length: 5000 }, () => 6), 40, 3, 60],
    ['a tab in the middle', Array.from({ length: 5000 }, () => 6), 20, 2500, 2521],
    ['all drawn: nothing more', [6, 6], 2, -1, 2],
    ['no groups', [], 0, -1, 0],
    ['unreadable counts', [Number.NaN, -3, 6], Number.NaN, Number.NaN, 3],
  ] as const)('%s', (_name, sizes, drawn, through, expected) =>
    expect(launcherGroupsToDraw(sizes, drawn, through)).toBe(expected),
  );

  it('never fewer than drawn, never more than there are, always through the tapped one (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 300 }),
        fc.integer({ min: -5, max: 400 }),
        fc.integer({ min: -5, max: 400 }),
        (sizes, drawn, through) => {
          const n = launcherGroupsToDraw(sizes, drawn, through);
          expect(n).toBeLessThanOrEqual(sizes.length);
          expect(n).toBeGreaterThanOrEqual(Math.min(sizes.length, Math.max(0, drawn)));
          expect(n).toBeGreaterThanOrEqual(Math.min(sizes.length, through + 1));
          // A step adds something while anything is left.
          if (Math.max(0, drawn, through + 1) < sizes.length) expect(n).toBeGreaterThan(Math.max(0, drawn, through + 1));
        },
      ),
    );
  });
});
