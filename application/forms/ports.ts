import type { StoredFile } from '../../domain/files/types';
import type { Option, RegionNode } from '../../domain/forms/types';
import { token } from '../ports/token';
import type { CallOptions } from '../ports/call';

export type { CallOptions };

/** An input of an event config: a field's value under the config's key (any JSON value, unlike a selector's text fields). */
export interface FormEventField {
  readonly key: string;
  readonly value: unknown;
}

/** Body of event-config/run for a form rule or an event-config data source. */
export interface FormEventRequest {
  /** The event config id (an executor's `event`, a data source's `id`). */
  readonly id: string;
  /** The submitted form data (domain/forms/formData.ts) the rule runs against. */
  readonly formData: unknown;
  readonly eventConfigFields?: readonly FormEventField[];
}

/** What a form rule gets back from event-config/run. */
export interface FormEventResult {
  /** The value a `set` rule writes: `result.items` when the result is a page, else `result` (null when absent). */
  readonly value: unknown;
  /** The result as options (`result` or `result.items`), for a `data-source` rule or an event-config source. */
  readonly options: readonly Option[];
}

export interface NewDocumentRequest {
  /** Without the extension; 1..40 characters (domain/forms/files.ts validateNewDocument). */
  readonly name: string;
  /** One of the file-type suffixes, without the dot (default docx). */
  readonly suffix: string;
}

/** The stored file a new document becomes (docs/decided-calls.md: also domain and path). */
export type NewDocument = StoredFile & {
  readonly domain?: string | null;
  readonly path?: string | null;
};

/** The calls dynamic forms make for their data (SPEC point 7 "Reference data", event-config, new document). */
export interface FormsApi {
  /** GET dictionary/drop-down-list?code=: the entries as options (name -> label, id -> value). */
  dictionary(code: string, opts?: CallOptions): Promise<readonly Option[]>;
  /** GET area/cascader: the region tree (country, province, city, district). */
  regions(opts?: CallOptions): Promise<readonly RegionNode[]>;
  /** POST event-config/run {id, formData, dataJson: {eventConfigFields}}. */
  runEvent(request: FormEventRequest, opts?: CallOptions): Promise<FormEventResult>;
  /** POST stored-file/new-files {name, suffix}: an empty document of that type. */
  newDocument(request: NewDocumentRequest, opts?: CallOptions): Promise<NewDocument>;
}

export const FORMS_API = token<FormsApi>('FormsApi');
