import { err, ok, type Result } from '../../domain/shared/result';
import { initFailureMessage } from '../../domain/forms/messages';
import type { FormDefinition } from '../../domain/forms/types';
import { isRecord } from '../../domain/shared/guards';


const read = (raw: unknown): FormDefinition | null => {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return null;
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  }
  return isRecord(value) && Array.isArray(value.fields) ? (value as unknown as FormDefinition) : null;
};

/**
 * The definition a flow runs on: the tenant's own form (tenantFormJson) when present,
 * else formJson. Either may come as an object or as JSON text. Neither readable:
 * 表单初始化失败 (or the server's message when the caller passes one).
 */
export const resolveFormDefinition = (input: {
  readonly formJson?: unknown;
  readonly tenantFormJson?: unknown;
  readonly message?: unknown;
}): Result<FormDefinition, string> => {
  const definition = read(input.tenantFormJson) ?? read(input.formJson);
  return definition ? ok(definition) : err(initFailureMessage(input.message));
};
