import { HttpError } from '../module';

/** An HttpError that also carries an ABP-style error code and validation details. */
export class ApiError extends HttpError {
  constructor(
    status: number,
    message: string,
    public readonly code?: string,
    public readonly validationErrors?: { message: string; members: string[] }[],
  ) {
    super(status, message);
  }
}

export const badRequest = (message: string, member?: string): ApiError =>
  new ApiError(400, message, 'Validation', member ? [{ message, members: [member] }] : undefined);
export const unauthorized = (message = '未登录'): ApiError => new ApiError(401, message, 'Unauthorized');
export const forbidden = (message: string): ApiError => new ApiError(403, message, 'Forbidden');
export const notFound = (message: string): ApiError => new ApiError(404, message, 'NotFound');
export const conflict = (message: string): ApiError => new ApiError(409, message, 'Conflict');

export function errorBody(e: HttpError): { error: { code?: string; message: string; validationErrors?: unknown } } {
  const error: { code?: string; message: string; validationErrors?: unknown } = { message: e.message };
  if (e instanceof ApiError) {
    if (e.code) error.code = e.code;
    if (e.validationErrors) error.validationErrors = e.validationErrors;
  }
  return { error };
}
