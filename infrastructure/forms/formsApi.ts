import type {
  CallOptions,
  FormEventRequest,
  FormEventResult,
  FormsApi,
  NewDocument,
  NewDocumentRequest,
} from '../../application/forms/ports';
import { dictionaryToOptions, eventResultValue, resultToOptions } from '../../domain/forms/dataSource';
import type { Option, RegionNode } from '../../domain/forms/types';
import type { CallPaths } from '../../application/ports/runtime';
import { DEFAULT_CALL_PATHS } from '../config/calls';
import type { HttpClient } from '../http/httpClient';
import { DictionarySchema, EventRunSchema, NewDocumentSchema, RegionsSchema } from './schemas';

export const EVENT_CONFIG_RUN = '/v1/less-code-service/api/event-config/run';

export class HttpFormsApi implements FormsApi {
  /** `calls`: where the unnamed calls answer (config.json `calls`, docs/config.md). */
  constructor(
    private readonly http: HttpClient,
    private readonly calls: Pick<CallPaths, 'newDocument'> = DEFAULT_CALL_PATHS,
  ) {}

  async dictionary(code: string, opts?: CallOptions): Promise<readonly Option[]> {
    const entries = await this.http.request({
      method: 'GET',
      url: '/v1/system-service/api/dictionary/drop-down-list',
      params: { code },
      schema: DictionarySchema,
      signal: opts?.signal,
    });
    return dictionaryToOptions(entries);
  }

  regions(opts?: CallOptions): Promise<readonly RegionNode[]> {
    return this.http.request({ method: 'GET', url: '/v1/system-service/api/area/cascader', schema: RegionsSchema, signal: opts?.signal });
  }

  async runEvent(request: FormEventRequest, opts?: CallOptions): Promise<FormEventResult> {
    const body = await this.http.request({
      method: 'POST',
      url: EVENT_CONFIG_RUN,
      data: {
        id: request.id,
        formData: request.formData ?? null,
        dataJson: { eventConfigFields: request.eventConfigFields ?? [] },
      },
      schema: EventRunSchema,
      signal: opts?.signal,
    });
    return { value: eventResultValue(body), options: resultToOptions(body) };
  }

  newDocument(request: NewDocumentRequest, opts?: CallOptions): Promise<NewDocument> {
    return this.http.request({
      method: 'POST',
      url: this.calls.newDocument,
      data: { name: request.name, suffix: request.suffix },
      schema: NewDocumentSchema,
      signal: opts?.signal,
    });
  }
}
