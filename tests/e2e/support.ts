import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

/** Screenshots land in docs/screens/, where docs/screens.md shows them. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync('docs/screens', { recursive: true });
  await page.screenshot({ path: `docs/screens/${name}.png`, fullPage: false });
}

export const test = base;
export { expect };
