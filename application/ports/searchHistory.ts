/**
 * Recent global-search terms per user, kept on the device (SPEC point 9: at most 10
 * terms per user and 10 users). The rules live in domain/search; this is where they
 * are kept.
 */
export interface SearchHistoryStore {
  /** The user's terms, newest first; [] for an unknown user or unreadable storage. */
  terms(userId: string): readonly string[];
  /** Records a search and answers the user's terms after it. */
  add(userId: string, term: string): readonly string[];
  /** Forgets the user's terms (other users keep theirs). */
  clear(userId: string): void;
}
