import { describe, expect, it, vi } from 'vitest';
import * as tokens from '../../../application/ports/tokens';
import { token, type Token } from '../../../application/ports/token';
import { ACCOUNT_API } from '../../../application/account/ports';
import { APPROVAL_API, type ApprovalApi } from '../../../application/approval/ports';
import { APPS_API } from '../../../application/apps/ports';
import { FILES_API } from '../../../application/files/ports';
import { FLOWCHART_API } from '../../../application/flowchart/ports';
import { FORMS_API } from '../../../application/forms/ports';
import { MESSAGES_API } from '../../../application/messages/ports';
import { PORTAL_API } from '../../../application/portal/ports';
import { REGISTRATION_API } from '../../../application/registration/ports';
import { SEARCH_API } from '../../../application/search/ports';
import { SELECTORS_API } from '../../../application/selectors/ports';
import { SESSION_MODEL } from '../../../application/session/model';
import { SESSION_API } from '../../../application/session/ports';
import { TODO_API, type TodoApi } from '../../../application/todo/ports';
import { buildContainer } from '../../../composition/container';
import { DEFAULT_RUNTIME_CONFIG } from '../../../infrastructure/config/runtimeConfig';
import { createMemoryStorage } from '../../integration/app/forms.fixtures';

const fakeWindow = () =>
  ({
    location: { origin: 'http://app.test', href: 'http://app.test/', reload: () => undefined },
    navigator: { userAgent: 'node' },
    history: { back: () => undefined, go: () => undefined, state: null },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as Window;

const API_TOKENS = [ACCOUNT_API, APPROVAL_API, APPS_API, FILES_API, FLOWCHART_API, FORMS_API, MESSAGES_API, PORTAL_API, REGISTRATION_API, SEARCH_API, SELECTORS_API, SESSION_API, TODO_API];

describe('the composition root is a typed registry', () => {
  const container = buildContainer({
    config: { ...DEFAULT_RUNTIME_CONFIG },
    window: fakeWindow(),
    storage: createMemoryStorage(),
    navigator: { go: vi.fn(), back: vi.fn(), reload: vi.fn() },
    notifier: { success: vi.fn(), fail: vi.fn(), info: vi.fn(), confirm: vi.fn(async () => true) },
  });

  it('binds every token of the ports, each once', () => {
    const all = [...Object.values(tokens), ...API_TOKENS, SESSION_MODEL];
    for (const t of all) expect(container.isBound(t), String(t)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  it('a token is the same wherever it is made, and carries its type', () => {
    expect(token<TodoApi>('TodoApi')).toBe(TODO_API);
    const read = <T,>(t: Token<T>): T => container.get<T>(t);
    const todo: TodoApi = read(TODO_API);
    expect(typeof todo.tabs).toBe('function');
    // @ts-expect-error a token reads only its own type: an ApprovalApi is not a TodoApi
    const wrong: TodoApi = read(APPROVAL_API);
    expect(wrong).toBeDefined();
    const approval: ApprovalApi = read(APPROVAL_API);
    expect(approval).toBeDefined();
  });
});
