import type {
  CallOptions,
  CarouselImage,
  OaTab,
  OaWidgetPage,
  PortalApi,
  PortalLayout,
  WidgetInfo,
} from '../../application/portal/ports';
import type { HttpClient } from '../http/httpClient';
import { CarouselListSchema, OaWidgetPageSchema, PortalLayoutAnswerSchema, WidgetInfoListSchema } from './schemas';

const SYS = '/v1/saas-system-service/api';

export const PORTAL_PATHS = Object.freeze({
  layout: `${SYS}/home-page/user`,
  widgetInfo: `${SYS}/component/code`,
  carousel: `${SYS}/carousel-image/show-list`,
  oaWidget: '/v1/less-code-service/api/flow-run/comoinent',
});

/** The mobile portal (home-page type) and the home carousel (Type) are both 1 (SPEC point 7). */
const MOBILE = 1;

export class HttpPortalApi implements PortalApi {
  constructor(private readonly http: HttpClient) {}

  portalLayout(userType: number, opts: CallOptions = {}): Promise<PortalLayout | null> {
    return this.http.request({
      method: 'GET',
      url: PORTAL_PATHS.layout,
      params: { type: MOBILE, userType },
      schema: PortalLayoutAnswerSchema,
      signal: opts.signal,
      drawnFirst: opts.drawnFirst,
    });
  }

  widgetInfo(codes: readonly string[], opts: CallOptions = {}): Promise<WidgetInfo[]> {
    return this.http.request({ method: 'POST', url: PORTAL_PATHS.widgetInfo, data: [...codes], schema: WidgetInfoListSchema, signal: opts.signal, keep: true, drawnFirst: opts.drawnFirst });
  }

  carouselImages(opts: CallOptions = {}): Promise<CarouselImage[]> {
    return this.http.request({ method: 'GET', url: PORTAL_PATHS.carousel, params: { Type: MOBILE }, schema: CarouselListSchema, signal: opts.signal, drawnFirst: opts.drawnFirst });
  }

  oaWidget(request: { pageSize: number; type: OaTab }, opts: CallOptions = {}): Promise<OaWidgetPage> {
    return this.http.request({
      method: 'POST',
      url: PORTAL_PATHS.oaWidget,
      data: { pageSize: request.pageSize, type: request.type },
      schema: OaWidgetPageSchema,
      signal: opts.signal,
      keep: true,
      drawnFirst: opts.drawnFirst,
    });
  }
}
