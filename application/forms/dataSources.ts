import { regionsToOptions } from '../../domain/forms/dataSource';
import type { DataSource, Option } from '../../domain/forms/types';
import { SELECT_COMPONENT_NOT_FOUND } from '../../domain/selectors/messages';
import { ApiError } from '../ports/errors';
import type { SelectorsApi } from '../selectors/ports';
import { selectComponentOptions } from '../selectors/useCases';
import type { FormsApi } from './ports';

export interface DataSourcePorts {
  readonly forms: FormsApi;
  readonly selectors?: SelectorsApi;
}

/**
 * A select component's own message (未找到对应组件, 获取失败，请稍后重试) is shown as it
 * is; other failures become 「{title}」数据源加载失败.
 */
export class SelectComponentError extends ApiError {
  constructor(message: string) {
    super('http', message, { code: 'select-component' });
    this.name = 'SelectComponentError';
  }
}

/**
 * Loads the options of a data source (SPEC point 7): the dictionary drop-down list,
 * the area cascader (provinces down to districts), a select component's first tab,
 * or an event config run against the current form data. Rejects on failure.
 */
export async function loadDataSourceOptions(
  source: DataSource,
  ports: DataSourcePorts,
  context: { readonly formData: () => unknown; readonly signal?: AbortSignal },
): Promise<Option[]> {
  const signal = context.signal;
  switch (source.type) {
    case 'static':
      return [...source.options];
    case 'dictionary':
      return [...(await ports.forms.dictionary(source.code, { signal }))];
    case 'area':
      return regionsToOptions(await ports.forms.regions({ signal }));
    case 'event-config': {
      const result = await ports.forms.runEvent({ id: source.id, formData: context.formData() }, { signal });
      return [...result.options];
    }
    case 'select-component': {
      if (!ports.selectors) throw new SelectComponentError(SELECT_COMPONENT_NOT_FOUND);
      const result = await selectComponentOptions(ports.selectors, source, signal);
      if (!result.ok) throw new SelectComponentError(result.error);
      return result.value;
    }
  }
}

/** A stable text key of a source, so fields sharing a source share one load; null: never shared. */
export const sourceKey = (source: DataSource): string | null => {
  switch (source.type) {
    case 'dictionary':
      return `dictionary:${source.code}`;
    case 'area':
      return 'area';
    case 'select-component':
      return `select-component:${source.id ?? ''}:${source.code ?? ''}`;
    case 'event-config':
      // Event configs read the form data: never shared.
      return null;
    case 'static':
      return `static:${JSON.stringify(source.options)}`;
  }
};
