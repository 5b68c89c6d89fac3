/**
 * What the device keeps in IndexedDB, read by the page itself: the outbox (campus-outbox,
 * one list of entries per user) and the answers the user last saw (campus-data, keyed
 * [user, request]).
 */
import type { Page } from '@playwright/test';

/** How many records of `userId` one store holds: a list stored under the user's id, or keys [userId, …]. */
const countOf = (page: Page, db: string, store: string, userId: string): Promise<number> =>
  page.evaluate(
    ({ db, store, userId }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const conn = open.result;
          if (!conn.objectStoreNames.contains(store)) return resolve(0);
          const objects = conn.transaction(store).objectStore(store);
          const byUser = objects.get(userId);
          byUser.onerror = () => reject(byUser.error);
          byUser.onsuccess = () => {
            if (Array.isArray(byUser.result)) return resolve(byUser.result.length);
            const all = objects.getAllKeys();
            all.onsuccess = () => resolve(all.result.filter((k) => Array.isArray(k) && k[0] === userId).length);
            all.onerror = () => reject(all.error);
          };
        };
      }),
    { db, store, userId },
  );

/** The user's entries in the outbox. */
export const storedEntries = (page: Page, userId: string): Promise<number> => countOf(page, 'campus-outbox', 'entries', userId);

/** How many answers the device keeps for the user (what they last saw). */
export const keptAnswers = (page: Page, userId: string): Promise<number> => countOf(page, 'campus-data', 'answers', userId);
