/** Selector entities (SPEC point 3 "Selectors"), named as on the wire. */

/** type 0 is a person (a leaf); other types are organisation levels that can be opened. */
export type SelectablePerson = {
  readonly id: string;
  readonly name: string;
  readonly image?: string | null;
  readonly remark?: string | null;
  readonly type: number;
  readonly disabled?: boolean | null;
};

export type SelectComponentSet = {
  readonly defaultApi?: string | null;
  readonly selectApi?: string | null;
};

/** A tab of a select component. */
export type SelectComponentExtendSet = {
  readonly name: string;
  readonly dataApi?: string | null;
  readonly selectApi?: string | null;
  readonly icon?: string | null;
  /** Whether organisation levels of this tab may be selected themselves. */
  readonly isSelect?: boolean | number | null;
  readonly dataType?: number | string | null;
  /** 1 enabled; absent counts as enabled. */
  readonly state?: number | null;
};

export type SelectComponent = {
  readonly selectComponentSet?: SelectComponentSet | null;
  readonly selectComponentExtendSets?: readonly SelectComponentExtendSet[] | null;
  readonly dataName?: string | null;
  readonly name?: string | null;
  readonly type?: number | null;
  readonly dataType?: number | string | null;
};

/** One opened level of the drill-down. */
export type NavLevel = { readonly id: string; readonly name: string };

/** Opened levels, root first; empty at the root. */
export type SelectorNav = readonly NavLevel[];

export type EventConfigField = { readonly key: string; readonly value: string };

/** Body of event-config/run for a selector page. */
export type SelectorRequest = {
  readonly id: string;
  readonly index: number;
  readonly pageCount: number;
  readonly maxResultCount: number;
  readonly eventConfigSelect: boolean;
  readonly sorting: string;
  readonly dataJson: { readonly eventConfigFields: readonly EventConfigField[] };
};
