import { Button, Checkbox, Popup, SearchBar, Tabs } from 'antd-mobile';
import { RightOutline, TeamOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { memo, useCallback, useMemo, useState } from 'react';
import { useParams, useSearch } from 'wouter';
import { $selections, requestFromQuery, selectorPageScreen, type SelectionRequest } from '../../application/selectors';
import { fillMessage } from '../../domain/forms/messages';
import { canDrillDown, isItemDisabled, isSelected } from '../../domain/selectors/selectors';
import type { SelectablePerson } from '../../domain/selectors/types';
import { ErrorState } from '../shared/ErrorState';
import { PageLayout } from '../shared/layout';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { UserAvatar } from '../shared/UserAvatar';
import { ListFoot } from '../shared/ListFoot';
import { VirtualList } from '../shared/VirtualList';
import { ALL, BACK_TO, CONFIRM, DEFAULT_TITLE, EMPTY, REMOVE, SEARCH_PLACEHOLDER, SELECT_ALL, SELECTED_COUNT, SELECTED_TITLE, SUB_LEVEL } from './strings';
import './selectors.css';

function OrgIcon() {
  return (
    <span className="cw-sel-item__org" aria-hidden="true">
      <TeamOutline />
    </span>
  );
}

/** antd-mobile's Checkbox tick (its CheckIcon). */
function CheckIcon() {
  return (
    <svg viewBox="0 0 40 40">
      <path
        d="M31.5541766,15 L28.0892433,15 L28.0892434,15 C27.971052,15 27.8576674,15.044522 27.7740471,15.1239792 L18.2724722,24.1625319 L13.2248725,19.3630279 L13.2248725,19.3630279 C13.1417074,19.2834412 13.0287551,19.2384807 12.9107898,19.2380079 L9.44474455,19.2380079 L9.44474454,19.2380079 C9.19869815,19.2384085 8.99957935,19.4284738 9,19.66253 C9,19.7747587 9.04719253,19.8823283 9.13066188,19.9616418 L17.0907466,27.5338228 C17.4170809,27.8442545 17.8447695,28 18.2713393,28 L18.2980697,28 C18.7168464,27.993643 19.133396,27.8378975 19.4530492,27.5338228 L31.8693384,15.7236361 L31.8693384,15.7236361 C32.0434167,15.5582251 32.0435739,15.2898919 31.8696892,15.1242941 C31.7860402,15.0446329 31.6725052,15 31.5541421,15 L31.5541766,15 Z"
        fill="currentColor"
      />
    </svg>
  );
}

interface ItemRowProps {
  item: SelectablePerson;
  checked: boolean;
  disabled: boolean;
  drill: boolean;
  onToggle: (item: SelectablePerson) => void;
  onOpen: (item: SelectablePerson) => void;
}

/**
 * One item: its check box, avatar or organisation icon, name and remark, and 下级 for a
 * level with levels under it. Rows mount while the list scrolls (shared/VirtualList), so
 * the check box is antd-mobile's Checkbox markup and classes (its look, and the input
 * that shared/theme.css keeps for assistive technology) without the component, which
 * added hooks and an effect to every row mounted; a toggle re-renders only the rows
 * whose state changed.
 */
const ItemRow = memo(function ItemRow({ item, checked, disabled, drill, onToggle, onOpen }: ItemRowProps) {
  const box = `adm-checkbox cw-sel-item__main${checked ? ' adm-checkbox-checked' : ''}${disabled ? ' adm-checkbox-disabled' : ''}`;
  return (
    <div className={disabled ? 'cw-sel-item cw-sel-item--disabled' : 'cw-sel-item'}>
      <label className={box}>
        <input type="checkbox" checked={checked} disabled={disabled} onChange={() => onToggle(item)} />
        <div className="adm-checkbox-icon">{checked ? <CheckIcon /> : null}</div>
        <div className="adm-checkbox-content">
          <span className="cw-sel-item__who">
            {item.type === 0 ? <UserAvatar name={item.name} image={item.image} size={36} /> : <OrgIcon />}
            <span className="cw-sel-item__text">
              <span className="cw-sel-item__name">{item.name}</span>
              {item.remark ? <span className="cw-sel-item__remark">{item.remark}</span> : null}
            </span>
          </span>
        </div>
      </label>
      {drill ? (
        <button type="button" className="cw-sel-item__drill" onClick={() => onOpen(item)} aria-label={`${SUB_LEVEL} ${item.name}`}>
          {SUB_LEVEL}
          <RightOutline aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
});

/** A row with a remark; only rows not measured yet use it (shared/VirtualList). */
const ITEM_HEIGHT = 61;
const itemKey = (item: SelectablePerson): string => item.id;

export interface SelectorScreenProps {
  /** Contacts style (page/listPicker): a flat searchable list. */
  readonly flat?: boolean;
}

/**
 * The selector pages (SPEC point 2 page/picker, page/listPicker, selectors; point 4
 * "Selector"): tabs, search, drill down and back one level, select all and toggles.
 * The request comes from the selection channel under `?key=` (or, opened by a link,
 * from the query); 确定 puts the choice back under the key and goes back.
 */
export function SelectorScreen({ flat = false }: SelectorScreenProps) {
  const search = useSearch();
  const params = useParams<{ key?: string }>();
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const key = params.key ?? query.get('key') ?? '';
  const entries = useUnit($selections);
  // The request as the page opened under this key (the asker's, or the link's query).
  const request: SelectionRequest = useMemo(() => entries[key]?.request ?? requestFromQuery(query) ?? {}, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const model = useScreenModel(selectorPageScreen, { selectionKey: key, flat, request });
  const s = useUnit(model.$state);
  const on = useUnit({
    
    tabSwitched: model.tabSwitched,
    levelOpened: model.levelOpened,
    crumbChosen: model.crumbChosen,
    searched: model.searched,
    toggled: model.toggled,
    allToggled: model.allToggled,
    removed: model.removed,
    backRequested: model.backRequested,
    leaveRequested: model.leaveRequested,
    confirmed: model.confirmed,
    loadMore: model.loadMoreFx,
  });
  const [showSelected, setShowSelected] = useState(false);
  const [text, setText] = useState('');


  // Rows follow the snapshot (selection, tab, search): a new snapshot renders the rows on screen again, and ItemRow skips those whose state it left alone.
  const { toggled, levelOpened } = on;
  const renderItem = useCallback(
    (item: SelectablePerson) => (
      <ItemRow
        item={item}
        checked={isSelected(s.selected, item.id)}
        disabled={isItemDisabled(item, s.tabSelectable)}
        drill={!s.flat && s.keyword === '' && canDrillDown(item)}
        onToggle={toggled}
        onOpen={levelOpened}
      />
    ),
    [s, toggled, levelOpened],
  );

  const title = s.title || request.title || DEFAULT_TITLE;
  const leave = () => on.leaveRequested();
  if (s.status === 'loading') {
    return (
      <PageLayout title={title} onBack={leave}>
        <PageLoading />
      </PageLayout>
    );
  }
  if (s.status === 'error') {
    return (
      <PageLayout title={title} onBack={leave}>
        <ErrorState title={s.error ?? ''} actionText={BACK_TO} onAction={leave} fullPage />
      </PageLayout>
    );
  }
  const tab = s.tabs[s.tabIndex];
  const browsing = !s.flat && s.keyword === '';
  const selectable = s.items.some((i) => !isItemDisabled(i, s.tabSelectable));
  return (
    <PageLayout title={title} onBack={() => on.backRequested()}>
      <div className="cw-sel">
        <div className="cw-sel__top">
          {s.tabs.length > 1 ? (
            <Tabs activeKey={String(s.tabIndex)} onChange={(k) => on.tabSwitched(Number(k))} className="cw-sel__tabs">
              {s.tabs.map((t, i) => (
                <Tabs.Tab key={String(i)} title={t.name} />
              ))}
            </Tabs>
          ) : null}
          <div className="cw-sel__search">
            <SearchBar
              placeholder={SEARCH_PLACEHOLDER}
              value={text}
              onChange={(v) => {
                setText(v);
                if (v === '') on.searched('');
              }}
              onSearch={(v) => on.searched(v)}
              onClear={() => on.searched('')}
              aria-label={SEARCH_PLACEHOLDER}
            />
          </div>
          {browsing ? (
            <nav className="cw-sel__crumbs" aria-label={tab?.name ?? ALL}>
              <button type="button" className="cw-sel__crumb" onClick={() => on.crumbChosen(-1)} disabled={s.nav.length === 0}>
                {tab?.name ?? ALL}
              </button>
              {s.nav.map((level, i) => (
                <span key={level.id} className="cw-sel__crumb-wrap">
                  <RightOutline aria-hidden="true" className="cw-sel__crumb-sep" />
                  <button type="button" className="cw-sel__crumb" onClick={() => on.crumbChosen(i)} disabled={i === s.nav.length - 1} aria-current={i === s.nav.length - 1 ? 'page' : undefined}>
                    {level.name}
                  </button>
                </span>
              ))}
            </nav>
          ) : null}
        </div>
        <VirtualList as="ul" className="cw-sel__list" aria-label={title} items={s.items} itemKey={itemKey} renderItem={renderItem} estimateSize={ITEM_HEIGHT} />
        {s.items.length === 0 && !s.listLoading ? <div className="cw-sel__empty">{s.listError ?? EMPTY}</div> : null}
        {s.page > 0 ? (
          <ListFoot loadMore={on.loadMore} hasMore={s.hasMore} />
        ) : null}
        <div className="cw-sel__bar">
          {s.multiple ? (
            <Checkbox checked={s.allSelected} disabled={!selectable} onChange={() => on.allToggled()} className="cw-sel__all">
              {SELECT_ALL}
            </Checkbox>
          ) : null}
          <button type="button" className="cw-sel__count" onClick={() => setShowSelected(true)} disabled={s.selected.length === 0}>
            {fillMessage(SELECTED_COUNT, { n: s.selected.length })}
          </button>
          <Button color="primary" className="cw-sel__confirm" onClick={() => on.confirmed()}>
            {CONFIRM}
          </Button>
        </div>
      </div>
      <Popup visible={showSelected} onMaskClick={() => setShowSelected(false)} bodyClassName="cw-sel__sheet">
        <div className="cw-sel__sheet-head">
          {SELECTED_TITLE}（{s.selected.length}）
        </div>
        <ul className="cw-sel__list">
          {s.selected.map((p) => (
            <li key={p.id} className="cw-sel-item">
              <span className="cw-sel-item__main">
                <UserAvatar name={p.name} image={p.image} size={32} />
                <span className="cw-sel-item__text">
                  <span className="cw-sel-item__name">{p.name}</span>
                </span>
              </span>
              <button type="button" className="cw-link cw-sel__remove" onClick={() => on.removed(p.id)} aria-label={`${REMOVE} ${p.name}`}>
                {REMOVE}
              </button>
            </li>
          ))}
        </ul>
      </Popup>
    </PageLayout>
  );
}

/** page/picker?key= */
export function PickerPage() {
  return <SelectorScreen />;
}

/** page/listPicker?key=: contacts-style with search. */
export function ListPickerPage() {
  return <SelectorScreen flat />;
}

/** selectors/:key (or ?key=): keyed selection pages. */
export function SelectorsPage() {
  return <SelectorScreen />;
}
