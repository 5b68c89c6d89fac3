import {
  SelectorDataError,
  type CallOptions,
  type SelectorPage,
  type SelectorsApi,
} from '../../application/selectors/ports';
import type { SelectComponent, SelectorRequest } from '../../domain/selectors/types';
import type { HttpClient } from '../http/httpClient';
import { SelectComponentSchema, SelectorRunSchema } from './schemas';

const API = '/v1/less-code-service/api';

export class HttpSelectorsApi implements SelectorsApi {
  constructor(private readonly http: HttpClient) {}

  componentById(id: string, opts?: CallOptions): Promise<SelectComponent> {
    return this.http.request({
      method: 'GET',
      url: `${API}/select-component/${encodeURIComponent(id)}`,
      schema: SelectComponentSchema,
      signal: opts?.signal,
    });
  }

  componentByCode(code: string, opts?: CallOptions): Promise<SelectComponent> {
    return this.http.request({
      method: 'GET',
      url: `${API}/select-component/by-code`,
      params: { code },
      schema: SelectComponentSchema,
      signal: opts?.signal,
    });
  }

  async page(request: SelectorRequest, opts?: CallOptions): Promise<SelectorPage> {
    const { result } = await this.http.request({
      method: 'POST',
      url: `${API}/event-config/run`,
      data: request,
      schema: SelectorRunSchema,
      signal: opts?.signal,
    });
    if (result.failed) throw new SelectorDataError(result.message);
    return result.page;
  }
}
