import { describe, expect, it } from 'vitest';
import { iframeTarget, webViewTarget } from '../../../../domain/shell/webView';

describe('web-view route state and iframe address (absolute http(s) only)', () => {
  it.each([
    [{ title: '条款', uri: 'https://a.example/t' }, { title: '条款', uri: 'https://a.example/t' }],
    [{ title: '  隐私政策  ', uri: ' https://a.example/p ' }, { title: '隐私政策', uri: 'https://a.example/p' }],
    [{ title: 7, uri: 'http://a.example/' }, { title: '', uri: 'http://a.example/' }],
    [{ uri: 'http://a.example/' }, { title: '', uri: 'http://a.example/' }],
    [{ title: 'x', uri: 'javascript:alert(1)' }, null],
    [{ title: 'x', uri: 'data:text/html,hi' }, null],
    [{ title: 'x', uri: '//evil.example' }, null],
    [{ title: 'x', uri: 'https://user:pass@evil.example/' }, null],
    [{ title: 'x', uri: 42 }, null],
    [{ title: 'x' }, null],
    [null, null],
    [undefined, null],
    ['https://a.example', null],
  ])('web-view state %j gives %j', (state, expected) => {
    expect(webViewTarget(state)).toEqual(expected);
  });

  it('a title is cut at 200 characters', () => {
    const long = '长'.repeat(250);
    expect(webViewTarget({ title: long, uri: 'https://a.example/' })?.title).toBe('长'.repeat(200));
    expect(webViewTarget({ title: '长'.repeat(200), uri: 'https://a.example/' })?.title).toHaveLength(200);
  });

  it.each([
    ['https://a.example/x', 'https://a.example/x'],
    ['http://a.example/', 'http://a.example/'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['//evil.example/', null],
    ['', null],
    [null, null],
    [7, null],
  ])('iframe url %j gives %j', (url, expected) => {
    expect(iframeTarget(url)).toBe(expected);
  });
});
