import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyTabSelectability,
  backOneLevel,
  canDrillDown,
  currentLevel,
  currentParentId,
  drillDown,
  goToLevel,
  isAllSelected,
  isItemDisabled,
  isSelected,
  isTabSelectable,
  removeSelected,
  ROOT_NAV,
  ROOT_PARENT_ID,
  SELECT_COMPONENT_LOAD_FAILED,
  SELECT_COMPONENT_NOT_FOUND,
  SELECTOR_PAGE_SIZE,
  SELECTOR_SEARCH_PAGE_SIZE,
  selectorEventFields,
  selectorPageSize,
  selectorRequest,
  selectorTabs,
  toggleItem,
  toggleSelectAll,
  type SelectablePerson,
} from '../../../../domain/selectors';

const person = (id: string, patch: Partial<SelectablePerson> = {}): SelectablePerson => ({ id, name: `人${id}`, type: 0, ...patch });
const dept = (id: string, patch: Partial<SelectablePerson> = {}): SelectablePerson => ({ id, name: `部门${id}`, type: 1, ...patch });

describe('strings and constants', () => {
  it.each([
    [SELECT_COMPONENT_LOAD_FAILED, '获取失败，请稍后重试'],
    [SELECT_COMPONENT_NOT_FOUND, '未找到对应组件'],
    [ROOT_PARENT_ID, '00000000-0000-0000-0000-000000000000'],
  ])('%s', (constant, literal) => expect(constant).toBe(literal));

  it.each([
    ['default page size', SELECTOR_PAGE_SIZE, 30],
    ['search page size', SELECTOR_SEARCH_PAGE_SIZE, 10],
    ['browse', selectorPageSize(false), 30],
    ['search', selectorPageSize(true), 10],
  ])('%s', (_label, value, expected) => expect(value).toBe(expected));
});

describe('disabled items (type not 0 disabled when the tab is not selectable)', () => {
  it.each([
    ['person, tab selectable', person('1'), true, false],
    ['person, tab not selectable', person('1'), false, false],
    ['department, tab selectable', dept('d'), true, false],
    ['department, tab not selectable', dept('d'), false, true],
    ['server-disabled person', person('1', { disabled: true }), true, true],
  ])('%s', (_label, item, tabSelectable, disabled) => expect(isItemDisabled(item, tabSelectable)).toBe(disabled));

  it('applies the rule to a list', () =>
    expect(applyTabSelectability([person('1'), dept('d')], false).map((i) => i.disabled)).toEqual([false, true]));

  it.each([
    [{ isSelect: true }, true],
    [{ isSelect: 1 }, true],
    [{ isSelect: 0 }, false],
    [{ isSelect: false }, false],
    [{}, false],
    [null, false],
  ])('isTabSelectable(%j) = %s', (tab, expected) => expect(isTabSelectable(tab)).toBe(expected));

  it('only type-0 items are selectable on a non-selectable tab (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.boolean(), fc.option(fc.boolean()), (type, tabSelectable, disabled) => {
        const item = person('x', { type, disabled });
        expect(isItemDisabled(item, tabSelectable)).toBe(disabled === true || (!tabSelectable && type !== 0));
      }),
    );
  });
});

describe('selection', () => {
  it('toggles items on and off', () => {
    let s = toggleItem([], person('1'), { tabSelectable: false });
    s = toggleItem(s, person('2'), { tabSelectable: false });
    expect(s.map((p) => p.id)).toEqual(['1', '2']);
    s = toggleItem(s, person('1'), { tabSelectable: false });
    expect(s.map((p) => p.id)).toEqual(['2']);
    expect(isSelected(s, '2')).toBe(true);
  });

  it('single mode replaces the choice', () =>
    expect(toggleItem([person('1')], person('2'), { tabSelectable: true, multiple: false })).toEqual([person('2')]));

  it('a disabled item is not toggled', () =>
    expect(toggleItem([person('1')], dept('d'), { tabSelectable: false })).toEqual([person('1')]));

  it('removes a chosen item', () => expect(removeSelected([person('1'), person('2')], '1')).toEqual([person('2')]));

  it('select all adds every selectable item, then removes them, keeping other choices', () => {
    const items = [person('1'), person('2'), dept('d'), person('3', { disabled: true })];
    const other = person('x');
    let s = toggleSelectAll([other, person('1')], items, false);
    expect(s.map((p) => p.id)).toEqual(['x', '1', '2']);
    expect(isAllSelected(s, items, false)).toBe(true);
    s = toggleSelectAll(s, items, false);
    expect(s.map((p) => p.id)).toEqual(['x']);
  });

  it('select all on a selectable tab includes departments', () =>
    expect(toggleSelectAll([], [person('1'), dept('d')], true).map((p) => p.id)).toEqual(['1', 'd']));

  it('nothing selectable is never "all selected"', () => {
    expect(isAllSelected([], [dept('d')], false)).toBe(false);
    expect(toggleSelectAll([], [dept('d')], false)).toEqual([]);
  });

  it('selection never holds duplicates nor disabled items added by taps (property)', () => {
    const item = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd'), name: fc.string(), type: fc.integer({ min: 0, max: 2 }) });
    fc.assert(
      fc.property(fc.array(fc.oneof(item.map((i) => ({ op: 'tap' as const, i })), fc.constant({ op: 'all' as const })), { maxLength: 30 }), fc.boolean(), (ops, tabSelectable) => {
        const items = [person('a'), dept('b'), person('c', { type: 2 }), person('d')];
        let s: SelectablePerson[] = [];
        for (const o of ops) s = o.op === 'all' ? toggleSelectAll(s, items, tabSelectable) : toggleItem(s, o.i, { tabSelectable });
        expect(new Set(s.map((p) => p.id)).size).toBe(s.length);
        expect(s.every((p) => !isItemDisabled(p, tabSelectable))).toBe(true);
      }),
    );
  });
});

describe('drill-down navigation stack', () => {
  it('drills down, goes back one level and reports leaving at the root', () => {
    let nav = drillDown(ROOT_NAV, dept('d1'));
    nav = drillDown(nav, dept('d2'));
    expect(currentParentId(nav)).toBe('d2');
    expect(currentLevel(nav)).toEqual({ id: 'd2', name: '部门d2' });
    let back = backOneLevel(nav);
    expect(back).toEqual({ nav: [{ id: 'd1', name: '部门d1' }], left: false });
    back = backOneLevel(back.nav);
    expect(back.nav).toEqual([]);
    expect(currentParentId(back.nav)).toBe('00000000-0000-0000-0000-000000000000');
    expect(currentLevel(back.nav)).toBeNull();
    expect(backOneLevel(back.nav)).toEqual({ nav: [], left: true });
  });

  it('a person cannot be opened and a level is not opened twice', () => {
    expect(canDrillDown(person('1'))).toBe(false);
    expect(drillDown(ROOT_NAV, person('1'))).toBe(ROOT_NAV);
    const nav = drillDown(ROOT_NAV, dept('d'));
    expect(drillDown(nav, dept('d'))).toBe(nav);
  });

  it.each([
    [0, ['a']],
    [1, ['a', 'b']],
    [5, ['a', 'b', 'c']],
    [-1, []],
    [1.5, []],
  ])('breadcrumb to level %d', (index, ids) => {
    const nav = [dept('a'), dept('b'), dept('c')].reduce(drillDown, ROOT_NAV);
    expect(goToLevel(nav, index).map((l) => l.id)).toEqual(ids);
  });

  it('drilling n levels then going back n times returns to the root (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 10 }), (ids) => {
        let nav = ROOT_NAV;
        for (const id of ids) nav = drillDown(nav, dept(id));
        expect(nav).toHaveLength(ids.length);
        for (let i = 0; i < ids.length; i += 1) nav = backOneLevel(nav).nav;
        expect(currentParentId(nav)).toBe(ROOT_PARENT_ID);
      }),
    );
  });
});

describe('tabs and requests', () => {
  it('keeps enabled tabs (state 1 or none)', () => {
    const tabs = selectorTabs({
      selectComponentExtendSets: [
        { name: '组织', state: 1 },
        { name: '停用', state: 0 },
        { name: '班级' },
        { name: '空', state: null },
      ],
    });
    expect(tabs.map((t) => t.name)).toEqual(['组织', '班级', '空']);
    expect(selectorTabs(null)).toEqual([]);
  });

  it('event fields carry parentId (all-zero GUID at the root), type, dataPower and filter', () => {
    expect(selectorEventFields({ dataPower: 2, type: 1, filter: ' 张 ' })).toEqual([
      { key: 'parentId', value: '00000000-0000-0000-0000-000000000000' },
      { key: 'type', value: '1' },
      { key: 'dataPower', value: '2' },
      { key: 'filter', value: '张' },
    ]);
    expect(selectorEventFields({ parentId: 'd1', type: 'x', dataPower: 'all' })).toEqual([
      { key: 'parentId', value: 'd1' },
      { key: 'type', value: 'x' },
      { key: 'dataPower', value: 'all' },
      { key: 'filter', value: '' },
    ]);
    expect(selectorEventFields({ dataPower: Number.NaN, type: null })[1]).toEqual({ key: 'type', value: '' });
  });

  it.each([
    ['browse', false, 2, 'data-1', 30],
    ['search', true, 1, 'select-1', 10],
  ])('%s request', (_label, searching, page, id, size) => {
    const r = selectorRequest({ tab: { name: 't', dataApi: 'data-1', selectApi: 'select-1' }, tabIndex: 1, page, searching, dataPower: 1 });
    expect(r).toMatchObject({ id, index: 1, pageCount: page, maxResultCount: size, eventConfigSelect: searching, sorting: '' });
    expect(r.dataJson.eventConfigFields[2]).toEqual({ key: 'dataPower', value: '1' });
  });

  it('search falls back to dataApi and bad numbers read as the first tab and page', () => {
    const r = selectorRequest({ tab: { name: 't', dataApi: 'data-1' }, tabIndex: -1, page: 0, searching: true });
    expect(r).toMatchObject({ id: 'data-1', index: 0, pageCount: 1 });
    expect(selectorRequest({ tab: { name: 't' }, tabIndex: 0, page: 1, searching: false }).id).toBe('');
  });
});
