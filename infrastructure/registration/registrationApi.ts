import type { CallOptions, DefiningMatterBody, Matter, MatterAnswer, RegistrationApi } from '../../application/registration/ports';
import type { HttpClient } from '../http/httpClient';
import { MatterResponseSchema, MatterSchema } from './schemas';

const STUDENT = '/v1/saas-student-service/api/student';

export const REGISTRATION_PATHS = Object.freeze({
  byNumber: `${STUDENT}/stumatter-by-num`,
  own: `${STUDENT}/own-matter`,
  matterById: (id: string) => `${STUDENT}/${encodeURIComponent(id)}/matter-by-id`,
  ownMatterById: (id: string) => `${STUDENT}/${encodeURIComponent(id)}/own-matter`,
  define: `${STUDENT}/defining-matter`,
});

export class HttpRegistrationApi implements RegistrationApi {
  constructor(private readonly http: HttpClient) {}

  studentMatters(query: { number: string; nowMatter?: string | null }, opts: CallOptions = {}): Promise<MatterAnswer> {
    return this.http.request({
      method: 'GET',
      url: REGISTRATION_PATHS.byNumber,
      // The wire name is lower-case `nowmatter` (SPEC point 7); left out when not asked.
      params: { number: query.number, nowmatter: query.nowMatter ?? undefined },
      schema: MatterResponseSchema,
      signal: opts.signal,
    });
  }

  ownMatters(opts: CallOptions = {}): Promise<MatterAnswer> {
    return this.http.request({ method: 'GET', url: REGISTRATION_PATHS.own, schema: MatterResponseSchema, signal: opts.signal });
  }

  matterById(matterId: string, number: string, opts: CallOptions = {}): Promise<Matter> {
    return this.http.request({
      method: 'GET',
      url: REGISTRATION_PATHS.matterById(matterId),
      params: { number },
      schema: MatterSchema,
      signal: opts.signal,
    });
  }

  ownMatterById(matterId: string, opts: CallOptions = {}): Promise<Matter> {
    return this.http.request({ method: 'GET', url: REGISTRATION_PATHS.ownMatterById(matterId), schema: MatterSchema, signal: opts.signal });
  }

  async defineMatter(body: DefiningMatterBody, opts: CallOptions = {}): Promise<void> {
    // A JSON body (decided: the spec lists the fields without saying body or query).
    const data: Record<string, string> = { number: body.number, matterId: body.matterId };
    if (body.fillSubMatters !== undefined) data.fillSubMatters = body.fillSubMatters;
    if (body.fillSubBeType !== undefined) data.fillSubBeType = body.fillSubBeType;
    if (body.fillSubBeRemark !== undefined) data.fillSubBeRemark = body.fillSubBeRemark;
    await this.http.request({ method: 'POST', url: REGISTRATION_PATHS.define, data, schema: null, signal: opts.signal });
  }
}
