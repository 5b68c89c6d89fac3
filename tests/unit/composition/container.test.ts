import { describe, expect, it, vi } from 'vitest';
import * as tokens from '../../../application/ports/tokens';
import type { Navigator } from '../../../application/ports/runtime';
import type { PasswordHasher } from '../../../application/ports/passwordHasher';
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
    for (const t of all) expect(container.has(t), String(t)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  it('the password hasher loads its MD5 engine on the first hash: the lowercase hex MD5 of the trimmed input', async () => {
    const hasher = container.get<PasswordHasher>(tokens.PASSWORD_HASHER);
    // md5('secret') and the trimmed input: the contract's hash (CONTRACT.md "Session").
    await expect(Promise.resolve(hasher.hash('  secret '))).resolves.toBe('5ebe2294ecd0e0f08eab7690d2a6ee69');
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

describe("the root's navigator never strands a user after a success", () => {
  const withHistory = (state: unknown) => {
    const listeners: Array<() => void> = [];
    const w = {
      ...fakeWindow(),
      history: { back: () => undefined, go: () => undefined, state },
      addEventListener: (_: string, f: () => void) => listeners.push(f),
    } as unknown as Window;
    const nav = { go: vi.fn(), back: vi.fn(), reload: vi.fn() };
    const container = buildContainer({ config: { ...DEFAULT_RUNTIME_CONFIG }, window: w, storage: createMemoryStorage(), navigator: nav });
    return { nav, listeners, navigator: container.get<Navigator>(tokens.NAVIGATOR) };
  };

  it('with the pages behind, back to them', () => {
    const { nav, navigator } = withHistory({ __cwIdx: 4 });
    navigator.returnTo!(2, '/page/approvalCenter?tab=2');
    expect(nav.back).toHaveBeenCalledWith(2);
    expect(nav.go).not.toHaveBeenCalled();
  });

  it('opened from a push (first page): the parent in place of it', () => {
    const { nav, navigator } = withHistory({ __cwIdx: 0 });
    navigator.returnTo!(2, '/page/approvalCenter?tab=2');
    expect(nav.back).not.toHaveBeenCalled();
    expect(nav.go).toHaveBeenCalledWith('/page/approvalCenter?tab=2', { replace: true });
  });

  it('one page behind where two were wanted: back to the first page, then the parent in its place', () => {
    const { nav, navigator, listeners } = withHistory({ __cwIdx: 1 });
    navigator.returnTo!(2, '/page/approvalCenter?tab=2');
    expect(nav.back).toHaveBeenCalledWith(1);
    expect(nav.go).not.toHaveBeenCalled();
    for (const f of listeners) f();
    expect(nav.go).toHaveBeenCalledWith('/page/approvalCenter?tab=2', { replace: true });
  });
});
