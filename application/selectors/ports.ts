import { ApiError } from '../ports/errors';
import type { NavLevel, SelectablePerson, SelectComponent, SelectorRequest } from '../../domain/selectors/types';
import { token } from '../ports/token';
import type { CallOptions } from '../ports/call';

export type { CallOptions };

/** One page of a selector tab (event-config/run answer's `result`). */
export interface SelectorPage {
  /** This page of the level: sub-levels (type not 0, drill down) and records (type 0). */
  readonly items: readonly SelectablePerson[];
  /** The level's sub-levels again, unpaged, for views that show drill-down apart from the list. */
  readonly childs: readonly SelectablePerson[];
  /** The path from the top to this level; empty at the top or with a search. */
  readonly mains: readonly NavLevel[];
  /** How many items the level holds in all, when the server says. */
  readonly totalCount?: number | null;
}

/** `error.code` of a SelectorDataError. */
export const SELECTOR_DATA_ERROR = 'selector-data';

/**
 * The server answered a selector page with `result.error.message` (SPEC point 8:
 * "Selector data errors show result.error.message"). An ApiError so the usual error
 * path shows its message; told apart by `code`.
 */
export class SelectorDataError extends ApiError {
  constructor(message: string) {
    super('http', message, { code: SELECTOR_DATA_ERROR });
    this.name = 'SelectorDataError';
  }
}

export const isSelectorDataError = (e: unknown): e is SelectorDataError =>
  e instanceof ApiError && e.code === SELECTOR_DATA_ERROR;

export interface SelectorsApi {
  /** GET select-component/{id} */
  componentById(id: string, opts?: CallOptions): Promise<SelectComponent>;
  /** GET select-component/by-code?code= */
  componentByCode(code: string, opts?: CallOptions): Promise<SelectComponent>;
  /** POST event-config/run with a selector body (domain/selectors selectorRequest); rejects with SelectorDataError on result.error. */
  page(request: SelectorRequest, opts?: CallOptions): Promise<SelectorPage>;
}

export const SELECTORS_API = token<SelectorsApi>('SelectorsApi');
