import type {
  CallOptions,
  MakeStateRequest,
  Page,
  TodoApi,
  TodoCategory,
  TodoItem,
  TodoListQuery,
  TodoRequestBody,
  TodoTab,
  WriteOptions,
} from '../../application/todo/ports';
import type { CallPaths } from '../../application/ports/runtime';
import { DEFAULT_CALL_PATHS } from '../config/calls';
import type { HttpClient } from '../http/httpClient';
import { TodoCategoryListSchema, TodoItemSchema, TodoPageSchema, TodoTabListSchema } from './schemas';

const TODO = '/v1/saas-system-service/api/todo-matter';

export const TODO_PATHS = Object.freeze({
  list: TODO,
  create: TODO,
  item: (id: string) => `${TODO}/${encodeURIComponent(id)}`,
  tabs: `${TODO}/tabs-num`,
  batchDelete: `${TODO}/batch-delete`,
  makeState: `${TODO}/make-state`,
});

export class HttpTodoApi implements TodoApi {
  /** `calls`: where the unnamed calls answer (config.json `calls`, docs/config.md). */
  constructor(
    private readonly http: HttpClient,
    private readonly calls: Pick<CallPaths, 'todoCategories'> = DEFAULT_CALL_PATHS,
  ) {}

  tabs(opts: CallOptions = {}): Promise<TodoTab[]> {
    return this.http.request({ method: 'GET', url: TODO_PATHS.tabs, schema: TodoTabListSchema, signal: opts.signal, drawnFirst: opts.drawnFirst });
  }

  categories(opts: CallOptions = {}): Promise<TodoCategory[]> {
    return this.http.request({ method: 'GET', url: this.calls.todoCategories, schema: TodoCategoryListSchema, signal: opts.signal });
  }

  list(query: TodoListQuery, opts: CallOptions = {}): Promise<Page<TodoItem>> {
    // Absent filters stay absent (axios drops undefined params): the domain leaves out 全部分类 and a blank Filter.
    const params: Record<string, unknown> = {
      State: query.State,
      SkipCount: query.SkipCount,
      MaxResultCount: query.MaxResultCount,
      Sorting: query.Sorting,
      Filter: query.Filter,
      type: query.type,
    };
    return this.http.request({ method: 'GET', url: TODO_PATHS.list, params, schema: TodoPageSchema, signal: opts.signal, drawnFirst: opts.drawnFirst });
  }

  get(id: string, opts: CallOptions = {}): Promise<TodoItem> {
    return this.http.request({ method: 'GET', url: TODO_PATHS.item(id), schema: TodoItemSchema, signal: opts.signal });
  }

  create(body: TodoRequestBody, opts: WriteOptions = {}): Promise<TodoItem> {
    const { id: _ignored, ...data } = body;
    return this.http.request({ method: 'POST', url: TODO_PATHS.create, data, schema: TodoItemSchema, signal: opts.signal, idempotencyKey: opts.idempotencyKey });
  }

  update(id: string, body: TodoRequestBody, opts: WriteOptions = {}): Promise<TodoItem> {
    return this.http.request({
      method: 'PUT',
      url: TODO_PATHS.item(id),
      data: { ...body, id },
      schema: TodoItemSchema,
      signal: opts.signal,
      idempotencyKey: opts.idempotencyKey,
    });
  }

  async remove(ids: readonly string[], opts: CallOptions = {}): Promise<void> {
    await this.http.request({ method: 'POST', url: TODO_PATHS.batchDelete, data: [...ids], schema: null, signal: opts.signal });
  }

  async makeState(request: MakeStateRequest, opts: WriteOptions = {}): Promise<void> {
    await this.http.request({
      method: 'POST',
      url: TODO_PATHS.makeState,
      data: { matterIds: [...request.matterIds], state: request.state },
      schema: null,
      signal: opts.signal,
      ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}),
    });
  }
}
