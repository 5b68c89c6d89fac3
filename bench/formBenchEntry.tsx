/**
 * The benchmark page: mounts the 300-field form and types into it, measuring each
 * keystroke from the input event to the end of layout, and counting field renders with
 * the renderer's own probe. Driven by bench/formBench.ts through window.__formBench.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { createFormEngine, type FormEngine } from '../application/forms';
import { ApiError } from '../application/ports/errors';
import type { FormsApi } from '../application/forms/ports';
import type { KeyValueStorage } from '../application/ports/runtime';
import { DynamicForm } from '../presentation/forms';
import { fieldIds } from '../presentation/forms/FormContext';
import '../presentation/shared/theme.css';
import { benchInputIds, buildBenchForm } from './formBenchForm';

const unavailable = (): Promise<never> => Promise.reject(new ApiError('network', 'bench'));
const forms: FormsApi = { dictionary: unavailable, regions: unavailable, runEvent: unavailable, newDocument: unavailable };
const memory = new Map<string, string>();
const storage: KeyValueStorage = {
  get: (k) => memory.get(k) ?? null,
  set: (k, v) => void memory.set(k, v),
  remove: (k) => void memory.delete(k),
  keys: () => [...memory.keys()],
};

let renders = 0;
let renderedIds: string[] = [];
const probe = (id: string) => {
  renders += 1;
  renderedIds.push(id);
};

let root: Root | null = null;
let engine: FormEngine | null = null;
const host = document.getElementById('root') as HTMLElement;

interface Mount {
  total: number;
  engine: number;
  render: number;
  layout: number;
}

function mount(): Mount {
  const definition = buildBenchForm();
  const t0 = performance.now();
  engine = createFormEngine({ definition, mode: 'edit', code: 'bench', draftKey: `bench:${Math.random()}`, ports: { forms, storage } });
  const t1 = performance.now();
  root = createRoot(host);
  const e = engine;
  flushSync(() => root?.render(<DynamicForm engine={e} onFieldRender={probe} onNotice={() => undefined} />));
  const t2 = performance.now();
  void host.offsetHeight;
  const t3 = performance.now();
  return { total: t3 - t0, engine: t1 - t0, render: t2 - t1, layout: t3 - t2 };
}

function unmount(): void {
  flushSync(() => root?.unmount());
  engine?.dispose();
  root = null;
  engine = null;
}

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

interface Keystroke {
  ms: number;
  renders: number;
  /** Fields other than the typed one whose state the rules changed. */
  touched: number;
  /** Renders of fields that neither were typed in nor were touched by a rule. */
  extra: number;
}

async function typeInto(id: string, text: string): Promise<Keystroke[]> {
  const out: Keystroke[] = [];
  const input = document.getElementById(fieldIds(id).control) as HTMLInputElement | null;
  if (!input || !engine) return out;
  // Tapping into the field is not part of a keystroke.
  input.focus();
  await nextFrame();
  for (const ch of text) {
    const before = engine.getState();
    renders = 0;
    renderedIds = [];
    const t0 = performance.now();
    setNativeValue?.call(input, input.value + ch);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    void host.offsetHeight;
    const ms = performance.now() - t0;
    const after = engine.getState();
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
    const touched = changed.filter((k) => k !== id);
    const extra = renderedIds.filter((r) => r !== id && !touched.includes(r)).length;
    out.push({ ms, renders, touched: touched.length, extra });
    await nextFrame();
  }
  return out;
}

async function run(opts: { keys: number; text: string; mounts: number }) {
  // The first mount is cold (JIT, style caches); then several warm mounts, of which the median is reported.
  const cold = mount();
  unmount();
  await nextFrame();
  const warm: Mount[] = [];
  for (let i = 0; i < opts.mounts; i++) {
    warm.push(mount());
    if (i < opts.mounts - 1) {
      unmount();
      await nextFrame();
    }
  }
  await nextFrame();
  const fieldCount = document.querySelectorAll('.cw-fm-field').length;
  const ids = benchInputIds().slice(0, opts.keys);
  const strokes: Keystroke[] = [];
  for (const id of ids) strokes.push(...(await typeInto(id, opts.text)));
  return { cold, warm, fieldCount, strokes };
}

(window as unknown as { __formBench: unknown }).__formBench = { ready: true, run };
