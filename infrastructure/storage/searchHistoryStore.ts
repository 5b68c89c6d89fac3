import type { KeyValueStorage } from '../../application/ports/runtime';
import type { SearchHistoryStore } from '../../application/ports/searchHistory';
import { addSearchTerm, clearSearchHistory, historyTerms, parseSearchHistory, searchHistoryKey } from '../../domain/search/search';
import type { SearchHistory } from '../../domain/search/types';
import { STORAGE_KEYS } from './sessionStores';

/**
 * All users' recent searches under one key, so the 10-users limit is one rule applied
 * to one value (domain/search) rather than a sweep over storage keys.
 */
export class StoredSearchHistory implements SearchHistoryStore {
  constructor(private readonly storage: KeyValueStorage) {}

  terms(userId: string): readonly string[] {
    const key = searchHistoryKey(userId);
    return key === null ? [] : historyTerms(this.read(), key);
  }

  add(userId: string, term: string): readonly string[] {
    const key = searchHistoryKey(userId);
    if (key === null) return [];
    const next = addSearchTerm(this.read(), key, term);
    this.write(next);
    return historyTerms(next, key);
  }

  clear(userId: string): void {
    this.write(clearSearchHistory(this.read(), userId));
  }

  private read(): SearchHistory {
    return parseSearchHistory(this.storage.get(STORAGE_KEYS.searchHistory));
  }

  private write(history: SearchHistory): void {
    if (history.entries.length === 0) this.storage.remove(STORAGE_KEYS.searchHistory);
    else this.storage.set(STORAGE_KEYS.searchHistory, JSON.stringify(history));
  }
}
