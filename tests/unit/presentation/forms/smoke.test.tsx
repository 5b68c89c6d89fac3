// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FORMS, renderForm, settle } from './setup';

afterEach(cleanup);

describe('every sandbox form renders', () => {
  it.each(Object.keys(FORMS) as (keyof typeof FORMS)[])('%s in edit and read-only mode', async (name) => {
    const { container, unmount } = renderForm(name);
    await act(settle);
    expect(container.querySelectorAll('.cw-fm-field').length).toBeGreaterThan(0);
    unmount();
    const ro = renderForm(name, { mode: 'readonly' });
    await act(settle);
    expect(ro.container.querySelectorAll('.cw-fm-field--readonly').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('-').length).toBeGreaterThan(0);
  });
});
