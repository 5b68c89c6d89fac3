export { createBrowserStorage, createMemoryStorage } from './keyValueStorage';
export { STORAGE_KEYS, StoredTokenStore, StoredCampusStore, StoredHostStore, readCampusId } from './sessionStores';
export { StoredSearchHistory } from './searchHistoryStore';
