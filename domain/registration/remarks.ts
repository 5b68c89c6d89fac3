import type { Message } from '../shared/result';
import { err, ok, type Result } from '../shared/result';
import { joinCommaList, parseCommaList } from './lists';
import { FILL_REMARK, REMARK_TOO_LONG, SELECT_ITEMS, SELECT_TYPE } from './messages';
import type { DefiningMatterBody, Matter, RemarkForm, RemarkMode } from './types';

export const REMARK_MAX_LENGTH = 500;

type RemarkMatter = Pick<Matter, 'subMatters' | 'subBeType' | 'subBeRemark'>;

export const remarkMode = (value: unknown): RemarkMode => (value === 1 || value === 2 ? value : 0);

export interface RemarkFormSpec {
  itemOptions: string[];
  typeOptions: string[];
  mode: RemarkMode;
  remarkVisible: boolean;
  remarkRequired: boolean;
}

/** What the selectTypeRemarks form asks for, read from the matter. */
export function remarkFormSpec(matter: RemarkMatter): RemarkFormSpec {
  const mode = remarkMode(matter.subBeRemark);
  return {
    itemOptions: parseCommaList(matter.subMatters),
    typeOptions: parseCommaList(matter.subBeType),
    mode,
    remarkVisible: mode !== 0,
    remarkRequired: mode === 2,
  };
}

/** Verifying goes through the remark form whenever it would ask for anything. */
export function needsRemarkForm(matter: RemarkMatter): boolean {
  const spec = remarkFormSpec(matter);
  return spec.itemOptions.length > 0 || spec.typeOptions.length > 0 || spec.remarkVisible;
}

/** The form prefilled with what was chosen before. */
export const initialRemarkForm = (matter: Pick<Matter, 'fillSubMatters' | 'fillSubBeType' | 'fillSubBeRemark'>): RemarkForm => ({
  items: parseCommaList(matter.fillSubMatters),
  types: parseCommaList(matter.fillSubBeType),
  remark: typeof matter.fillSubBeRemark === 'string' ? matter.fillSubBeRemark : '',
});

/** Keeps only choices that are on offer, in the order offered, so stale or forged values never reach the server. */
const offered = (options: readonly string[], chosen: unknown): string[] => {
  const picked = new Set(Array.isArray(chosen) ? chosen.filter((c): c is string => typeof c === 'string') : []);
  return options.filter((option) => picked.has(option));
};

const characterCount = (text: string): number => Array.from(text).length;

/** Items, then type, then remark: each only required when the matter offers it. */
export function validateRemarkForm(matter: RemarkMatter, form: Partial<RemarkForm> | null | undefined): Message {
  const spec = remarkFormSpec(matter);
  if (spec.itemOptions.length > 0 && offered(spec.itemOptions, form?.items).length === 0) return SELECT_ITEMS;
  if (spec.typeOptions.length > 0 && offered(spec.typeOptions, form?.types).length === 0) return SELECT_TYPE;
  const remark = typeof form?.remark === 'string' ? form.remark.trim() : '';
  if (spec.remarkRequired && remark === '') return FILL_REMARK;
  if (characterCount(remark) > REMARK_MAX_LENGTH) return REMARK_TOO_LONG;
  return null;
}

/**
 * The defining-matter body: number and matterId always; the chosen items, types and
 * remark only when there are some (each list comma-joined).
 */
export function buildDefiningMatterBody(
  number: string,
  matter: RemarkMatter & Pick<Matter, 'id'>,
  form?: Partial<RemarkForm> | null,
): Result<DefiningMatterBody, string> {
  const message = validateRemarkForm(matter, form);
  if (message !== null) return err(message);
  const spec = remarkFormSpec(matter);
  const body: DefiningMatterBody = { number: typeof number === 'string' ? number.trim() : '', matterId: matter.id };
  const items = offered(spec.itemOptions, form?.items);
  const types = offered(spec.typeOptions, form?.types);
  const remark = spec.remarkVisible && typeof form?.remark === 'string' ? form.remark.trim() : '';
  if (items.length > 0) body.fillSubMatters = joinCommaList(items);
  if (types.length > 0) body.fillSubBeType = joinCommaList(types);
  if (remark !== '') body.fillSubBeRemark = remark;
  return ok(body);
}
