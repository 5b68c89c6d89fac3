import type { CallOptions, HomeSearchQuery, SearchApi, SearchResult } from '../../application/search/ports';
import type { HttpClient } from '../http/httpClient';
import { SearchResultSchema } from './schemas';

export const SEARCH_PATHS = Object.freeze({
  homeSearch: '/v1/saas-system-service/api/menu/home-search',
});

export class HttpSearchApi implements SearchApi {
  constructor(private readonly http: HttpClient) {}

  search(query: HomeSearchQuery, opts: CallOptions = {}): Promise<SearchResult> {
    return this.http.request({
      method: 'GET',
      url: SEARCH_PATHS.homeSearch,
      params: { name: query.name, type: query.type, userType: query.userType },
      schema: SearchResultSchema,
      signal: opts.signal,
    });
  }
}
