import type { SearchApp, SearchResult, SearchTodoMatter } from '../../domain/search/types';
import { token } from '../ports/token';
import type { CallOptions } from '../ports/call';

export type { SearchApp, SearchResult, SearchTodoMatter };

export type { CallOptions };

/** Wire names of the home-search query; domain's `homeSearchQuery` builds it (type is always 1). */
export interface HomeSearchQuery {
  readonly name: string;
  readonly type: number;
  readonly userType: number;
}

/** Global search (SPEC point 7 "Apps": menu/home-search). */
export interface SearchApi {
  /** GET menu/home-search?name&type=1&userType: menus, apps and to-dos matching the name. */
  search(query: HomeSearchQuery, opts?: CallOptions): Promise<SearchResult>;
}

export const SEARCH_API = token<SearchApi>('SearchApi');
