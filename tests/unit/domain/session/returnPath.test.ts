import { describe, expect, it } from 'vitest';
import { returnPathAfterLogin, returnPathFromState } from '../../../../domain/session/returnPath';

describe('the way back after a lost session', () => {
  it('keeps an in-app path with its query', () => {
    expect(returnPathAfterLogin('/page/approvalCenter/flowLaunch?code=leave')).toBe('/page/approvalCenter/flowLaunch?code=leave');
    expect(returnPathAfterLogin('/page/approvalCenter/approvalPass?backCount=2')).toBe('/page/approvalCenter/approvalPass?backCount=2');
  });

  it.each([
    ['home itself', '/'],
    ['the login page', '/login'],
    ['the login page with a school code', '/login?code=demo'],
    ['the SSO exchange', '/sso?sid=x'],
    ['another origin', 'https://evil.example/page'],
    ['a protocol-relative address', '//evil.example/page'],
    ['a backslash path', '/\\evil.example/page'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'page/approvalCenter'],
    ['not a string', 42],
    ['nothing', null],
  ])('refuses %s (home instead)', (_name, raw) => {
    expect(returnPathAfterLogin(raw)).toBeNull();
  });

  it('reads the login page route state', () => {
    expect(returnPathFromState({ returnTo: '/page/todo' })).toBe('/page/todo');
    expect(returnPathFromState({ returnTo: '//evil.example' })).toBeNull();
    expect(returnPathFromState({ title: '同意' })).toBeNull();
    expect(returnPathFromState(null)).toBeNull();
    expect(returnPathFromState('/page/todo')).toBeNull();
  });
});
