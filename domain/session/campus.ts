/**
 * Campus choice (SPEC point 3 "Campus", point 6 "Campus switching"). The chosen
 * campusId lives in local storage; these rules decide what it means.
 */
import { CAMPUS_NOT_FOUND } from './messages';
import type { Campus, CampusSwitch } from './types';

/** Ids are GUIDs that different services may spell in different case or as numbers. */
const normaliseId = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const s = value.trim().toLowerCase();
  return s === '' ? null : s;
};

const findCampus = (campuses: readonly Campus[], id: unknown): Campus | null => {
  const wanted = normaliseId(id);
  if (wanted === null) return null;
  return campuses.find((c) => normaliseId(c.id) === wanted) ?? null;
};

/** The campus in effect: the stored one when it is in the list, else the first; null for no campus. */
export const chooseCampus = (campuses: readonly Campus[], storedId: unknown): Campus | null =>
  findCampus(campuses, storedId) ?? campuses[0] ?? null;

export const chooseCampusId = (campuses: readonly Campus[], storedId: unknown): string | null =>
  chooseCampus(campuses, storedId)?.id ?? null;

/**
 * A campus id carried by a link: no id or the campus already in effect -> nothing; an id
 * in the list -> switch to it (spelled as the list spells it); otherwise CAMPUS_NOT_FOUND.
 * "In effect" is the stored id after the fall-back to the first campus, so a link to the
 * campus the user is already looking at never triggers a reload.
 */
export const campusSwitchFromLink = (
  campuses: readonly Campus[],
  storedId: unknown,
  linkCampusId: unknown,
): CampusSwitch => {
  const linked = normaliseId(linkCampusId);
  if (linked === null) return { kind: 'none' };
  if (linked === normaliseId(chooseCampusId(campuses, storedId))) return { kind: 'none' };
  const target = findCampus(campuses, linked);
  return target === null ? { kind: 'missing', message: CAMPUS_NOT_FOUND } : { kind: 'switch', campusId: target.id };
};
