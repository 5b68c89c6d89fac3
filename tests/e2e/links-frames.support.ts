import type { Page } from '@playwright/test';

/**
 * Watches for script that runs where it must not (the link policy and the frame rule,
 * docs/architecture.md "Links and frames"). Before any page of the context runs, every
 * window gets a `__pwned` setter; the hostile fixtures (sandbox/hostile/pages.ts) write
 * to it from wherever they run. Each write is recorded with the origin of the window it
 * ran in: a write at the app's origin is a script running with the app's rights. Dialogs
 * and windows opened are recorded too.
 */
export interface ScriptWatch {
  readonly runs: Array<{ label: string; origin: string }>;
  readonly dialogs: string[];
  readonly popups: Page[];
  /** The runs at `origin` (the app's). */
  at(origin: string): string[];
}

export async function watchScripts(page: Page): Promise<ScriptWatch> {
  const runs: ScriptWatch['runs'] = [];
  const dialogs: string[] = [];
  const popups: Page[] = [];
  const context = page.context();
  await context.exposeBinding('__scriptRan', (_source, label: unknown, origin: unknown) => {
    runs.push({ label: String(label), origin: String(origin) });
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __scriptRan?: (label: string, origin: string) => Promise<void> };
    Object.defineProperty(window, '__pwned', {
      configurable: false,
      get: () => undefined,
      set: (v: unknown) => void w.__scriptRan?.(String(v), String(window.origin)),
    });
  });
  const onDialog = (p: Page) =>
    p.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss().catch(() => undefined);
    });
  onDialog(page);
  context.on('page', (p) => {
    popups.push(p);
    onDialog(p);
  });
  return { runs, dialogs, popups, at: (origin) => runs.filter((r) => r.origin === origin).map((r) => r.label) };
}

