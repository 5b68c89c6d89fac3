import { coerceValue, formFields, initialFieldState } from './fields';
import { isRemoteDataSource, parseDataSource, reconcileValue, sanitiseOptions, eventResultValue } from './dataSource';
import { matchAll, matcherFieldIds, valuesEqual, type MatchContext, type Now } from './matchers';
import {
  EXECUTOR_OPS,
  type DataSource,
  type Executor,
  type ExecutorOp,
  type FieldDefinition,
  type FieldState,
  type FormDefinition,
  type FormState,
  type Interceptor,
  type Listener,
  type Option,
} from './types';
import { isRecord, own } from '../shared/guards';

/**
 * The form rule engine (SPEC point 4 "Form rules") as pure functions over a FormState.
 *
 * - Operations: required (also visible and editable), optional, visible, hidden,
 *   disabled (read-only), editable, set, data-source.
 * - An interceptor watches the fields its matchers name. It fires only when one of
 *   them changes AND its result differs from the previous result, kept in RuleState
 *   (no previous result counts as false). A disabled interceptor or listener never fires.
 * - When an interceptor turns true its executors apply. When it turns false each
 *   executor is undone by putting back what the definition says for the aspects it
 *   touched (decided, rather than the plain inverse op: "required" on a field the
 *   definition hides must hide it again, not leave it visible-but-optional):
 *     required -> required, visible and readonly as defined;
 *     optional -> required as defined; visible / hidden -> visibility as defined;
 *     disabled / editable -> readonly as defined;
 *     data-source -> the definition's own source (options dropped if it has none);
 *     set -> nothing (user data is never wiped by a condition lapsing).
 * - A listener fires, applying its executors, whenever a field it lists changes value.
 * - A value is a change only when it differs structurally: setting the same value is a
 *   no-op (same state object, no effects), which makes every rule idempotent.
 * - A value set by a rule (set, or cleared by reconciliation) is itself a change and
 *   triggers the rules watching that field, once per field per call: a field already
 *   handled in this call takes the new value without firing again, so rule cycles end.
 * - `set` with an `event` and `data-source` with a remote source are I/O: they come
 *   back as effects for the application layer, which answers with `applyEventResult`
 *   and `applyLoadedOptions`. Static options apply at once.
 * - Options never reconcile a user's own input (the renderer only offers options);
 *   values set by rules and loaded options are reconciled (see dataSource.ts).
 * - Rules work on main-table fields; subform columns are outside their reach.
 * - Within a call, interceptors run in definition order, then listeners; for one
 *   field the last executor wins.
 */

/** Previous results of interceptors, by interceptor id. */
export interface RuleState {
  readonly results: Readonly<Record<string, boolean>>;
}

export const INITIAL_RULE_STATE: RuleState = Object.freeze({ results: Object.freeze({}) });

/** I/O the application layer performs for the rules. At most one effect per kind and field. */
export type RuleEffect =
  | { kind: 'load-data-source'; fieldId: string; dataSource: DataSource }
  | { kind: 'run-event'; fieldId: string; event: string };

export interface RuleOutcome {
  /** The new state; the same object when nothing changed. Unchanged fields keep their objects. */
  state: FormState;
  ruleState: RuleState;
  effects: RuleEffect[];
  /** Fields whose state differs from the input: the only ones a renderer needs to redraw. */
  changedFieldIds: string[];
}



const isOp = (op: unknown): op is ExecutorOp => typeof op === 'string' && (EXECUTOR_OPS as readonly string[]).includes(op);

const listOf = <T>(v: unknown): T[] => (Array.isArray(v) ? (v.filter(isRecord) as unknown as T[]) : []);

/** An interceptor's key in RuleState; position stands in for a missing id. */
const interceptorKey = (interceptor: Interceptor, index: number): string =>
  typeof interceptor.id === 'string' ? interceptor.id : `#${index}`;

const fieldIndexCache = new WeakMap<object, Map<string, FieldDefinition>>();

/** Main-table fields by id, cached per definition object (definitions are not mutated). */
const fieldIndex = (definition: FormDefinition): Map<string, FieldDefinition> => {
  if (!isRecord(definition)) return new Map();
  const cached = fieldIndexCache.get(definition);
  if (cached) return cached;
  const index = new Map<string, FieldDefinition>();
  for (const f of formFields(definition)) if (!index.has(f.id)) index.set(f.id, f);
  fieldIndexCache.set(definition, index);
  return index;
};

/** What a run needs of a definition besides its fields, worked out once per definition. */
interface RuleIndex {
  readonly interceptors: Interceptor[];
  readonly listeners: Listener[];
  /** Field id -> the indexes of the interceptors whose matchers read it, in order. */
  readonly watchers: Map<string, number[]>;
  /** Field id -> the enabled listeners on it, in order. */
  readonly listenersOn: Map<string, Listener[]>;
}

const ruleIndexCache = new WeakMap<object, RuleIndex>();

/**
 * The rules of a definition indexed by the field they watch, cached per definition object:
 * a keystroke runs the rules on the typed field without walking all of them.
 */
const ruleIndex = (definition: FormDefinition): RuleIndex => {
  if (!isRecord(definition)) return { interceptors: [], listeners: [], watchers: new Map(), listenersOn: new Map() };
  const cached = ruleIndexCache.get(definition);
  if (cached) return cached;
  const interceptors = listOf<Interceptor>(definition.interceptors);
  const listeners = listOf<Listener>(definition.listeners);
  const watchers = new Map<string, number[]>();
  interceptors.forEach((interceptor, index) => {
    for (const id of matcherFieldIds(interceptor.matchers)) watchers.set(id, [...(watchers.get(id) ?? []), index]);
  });
  const listenersOn = new Map<string, Listener[]>();
  for (const listener of listeners) {
    if (listener.disabled === true || !Array.isArray(listener.fields)) continue;
    const ids = new Set(listener.fields.filter((id): id is string => typeof id === 'string'));
    for (const id of ids) listenersOn.set(id, [...(listenersOn.get(id) ?? []), listener]);
  }
  const index = { interceptors, listeners, watchers, listenersOn };
  ruleIndexCache.set(definition, index);
  return index;
};

/** The field state with a flag operation applied. */
export const applyFlagOp = (fs: FieldState, op: ExecutorOp): FieldState => {
  switch (op) {
    case 'required':
      return { ...fs, required: true, visible: true, readonly: false };
    case 'optional':
      return { ...fs, required: false };
    case 'visible':
      return { ...fs, visible: true };
    case 'hidden':
      return { ...fs, visible: false };
    case 'disabled':
      return { ...fs, readonly: true };
    case 'editable':
      return { ...fs, readonly: false };
    default:
      return fs;
  }
};

const DEFAULT_FLAGS = Object.freeze({ visible: true, required: false, readonly: false });

/** The field state with a flag operation undone, back to the definition's flags. */
export const revertFlagOp = (fs: FieldState, op: ExecutorOp, field: FieldDefinition | undefined): FieldState => {
  const base = field ? initialFieldState(field) : DEFAULT_FLAGS;
  switch (op) {
    case 'required':
      return { ...fs, required: base.required, visible: base.visible, readonly: base.readonly };
    case 'optional':
      return { ...fs, required: base.required };
    case 'visible':
    case 'hidden':
      return { ...fs, visible: base.visible };
    case 'disabled':
    case 'editable':
      return { ...fs, readonly: base.readonly };
    default:
      return fs;
  }
};

/**
 * One call of the engine: the state plus what this call changed in it (a keystroke
 * copies nothing of the fields and results it leaves alone).
 */
class Run {
  /** Field states this run has put, over `state`. */
  private readonly draft = new Map<string, FieldState>();
  private readonly touched = new Set<string>();
  private readonly effects: RuleEffect[] = [];
  /** Interceptor results this run evaluated, over the previous ones. */
  private readonly results = new Map<string, boolean>();
  private readonly previousResults: Readonly<Record<string, unknown>>;
  private readonly queue: string[] = [];
  private readonly handled = new Set<string>();
  private readonly fields: Map<string, FieldDefinition>;
  private readonly rules: RuleIndex;
  private readonly context: MatchContext;

  constructor(
    private readonly state: FormState,
    private readonly ruleState: RuleState,
    definition: FormDefinition,
    private readonly now: Now,
  ) {
    this.previousResults = isRecord(ruleState) && isRecord(ruleState.results) ? ruleState.results : {};
    this.fields = fieldIndex(definition);
    this.rules = ruleIndex(definition);
    this.context = {
      valueOf: (id) => this.get(id)?.value,
      fieldOf: (id) => this.fields.get(id),
    };
  }

  has(fieldId: unknown): fieldId is string {
    return typeof fieldId === 'string' && (this.draft.has(fieldId) || isRecord(own(this.state, fieldId)));
  }

  get(fieldId: string): FieldState | undefined {
    const put = this.draft.get(fieldId);
    if (put) return put;
    const fs = own(this.state, fieldId);
    return isRecord(fs) ? fs : undefined;
  }

  field(fieldId: string): FieldDefinition | undefined {
    return this.fields.get(fieldId);
  }

  private put(fieldId: string, next: FieldState): void {
    this.draft.set(fieldId, next);
    this.touched.add(fieldId);
  }

  /** Sets a value; a real change queues the field so the rules watching it run. */
  setValue(fieldId: string, value: unknown): void {
    const fs = this.get(fieldId);
    if (!fs || valuesEqual(fs.value, value)) return;
    this.put(fieldId, { ...fs, value });
    if (!this.handled.has(fieldId)) {
      this.handled.add(fieldId);
      this.queue.push(fieldId);
    }
  }

  /** Puts options in and clears what they no longer offer. */
  setOptions(fieldId: string, options: Option[] | undefined): void {
    const fs = this.get(fieldId);
    if (!fs) return;
    this.put(fieldId, options === undefined ? withoutKey(fs, 'options') : { ...fs, options });
    const field = this.fields.get(fieldId);
    if (field && options !== undefined) this.setValue(fieldId, reconcileValue(field.type, fs.value, options));
  }

  /** Options from a source: static ones now, remote ones as a load effect. */
  useSource(fieldId: string, source: DataSource): void {
    if (source.type === 'static') this.setOptions(fieldId, source.options);
    else this.effect({ kind: 'load-data-source', fieldId, dataSource: source });
  }

  effect(e: RuleEffect): void {
    // A later request for the same thing supersedes an earlier one.
    const at = this.effects.findIndex((x) => x.kind === e.kind && x.fieldId === e.fieldId);
    if (at >= 0) this.effects.splice(at, 1);
    this.effects.push(e);
  }

  apply(executor: Executor): void {
    if (!isRecord(executor) || !this.has(executor.fieldId) || !isOp(executor.op)) return;
    const { fieldId, op } = executor;
    const fs = this.get(fieldId) as FieldState;
    const field = this.fields.get(fieldId);
    if (op === 'set') {
      if (typeof executor.event === 'string' && executor.event.trim() !== '') {
        this.effect({ kind: 'run-event', fieldId, event: executor.event });
        return;
      }
      const raw = executor.value === undefined ? null : executor.value;
      const value = field ? coerceValue(field.type, raw) : raw;
      this.setValue(fieldId, field ? reconcileValue(field.type, value, fs.options) : value);
      return;
    }
    if (op === 'data-source') {
      const source = parseDataSource(executor.dataSource);
      if (!source) return;
      this.put(fieldId, { ...fs, dataSource: source });
      this.useSource(fieldId, source);
      return;
    }
    this.put(fieldId, applyFlagOp(fs, op));
  }

  revert(executor: Executor): void {
    if (!isRecord(executor) || !this.has(executor.fieldId) || !isOp(executor.op)) return;
    const { fieldId, op } = executor;
    const fs = this.get(fieldId) as FieldState;
    const field = this.fields.get(fieldId);
    if (op === 'set') return;
    if (op === 'data-source') {
      this.put(fieldId, withoutKey(fs, 'dataSource'));
      const source = field ? parseDataSource(field.dataSource) : null;
      if (source) this.useSource(fieldId, source);
      else this.setOptions(fieldId, undefined);
      return;
    }
    this.put(fieldId, revertFlagOp(fs, op, field));
  }

  private evaluate(interceptor: Interceptor, index: number, initial: boolean): void {
    if (interceptor.disabled === true) return;
    const key = interceptorKey(interceptor, index);
    const result = matchAll(interceptor.matchers, this.context, this.now);
    const previous = initial ? false : (this.results.has(key) ? this.results.get(key) : own(this.previousResults, key)) === true;
    this.results.set(key, result);
    if (result === previous) return;
    for (const executor of listOf<Executor>(interceptor.executors)) {
      if (result) this.apply(executor);
      else this.revert(executor);
    }
  }

  /** Every enabled interceptor, as on load: those that hold apply; none revert. */
  evaluateAll(): void {
    this.rules.interceptors.forEach((interceptor, index) => this.evaluate(interceptor, index, true));
  }

  /** Runs the rules watching each queued field until nothing new changes. */
  drain(): void {
    const { interceptors, watchers, listenersOn } = this.rules;
    for (let fieldId = this.queue.shift(); fieldId !== undefined; fieldId = this.queue.shift()) {
      for (const index of watchers.get(fieldId) ?? []) this.evaluate(interceptors[index] as Interceptor, index, false);
      for (const listener of listenersOn.get(fieldId) ?? []) {
        for (const executor of listOf<Executor>(listener.executors)) this.apply(executor);
      }
    }
  }

  outcome(): RuleOutcome {
    const changedFieldIds = [...this.touched].filter((id) => !valuesEqual(own(this.state, id), this.draft.get(id)));
    let state = this.state;
    if (changedFieldIds.length > 0) {
      state = { ...this.state };
      for (const id of changedFieldIds) state[id] = this.draft.get(id) as FieldState;
    }
    const previous = this.previousResults;
    const same = [...this.results].every(([key, result]) => Object.prototype.hasOwnProperty.call(previous, key) && valuesEqual(previous[key], result));
    const ruleState = same && isRecord(this.ruleState) ? this.ruleState : { results: { ...previous, ...Object.fromEntries(this.results) } as Record<string, boolean> };
    return { state, ruleState, effects: [...this.effects], changedFieldIds };
  }
}

const withoutKey = <K extends keyof FieldState>(fs: FieldState, key: K): FieldState => {
  const copy = { ...fs };
  delete copy[key];
  return copy;
};

/**
 * The rules as a form opens: remote sources of the definition are requested, every
 * enabled interceptor is evaluated once (those that hold apply; their `set`s cascade),
 * then values are reconciled with the options the state already has. Listeners fire
 * only for values the interceptors set. Previous results are replaced.
 *
 * Interceptors go before the reconciling: a rule may give a field another source
 * (data-source), and a saved or restored value must be checked against the options of
 * that source when they come, not cleared by the definition's options it replaces.
 */
export const initialiseRules = (state: FormState, definition: FormDefinition, now: Now): RuleOutcome => {
  const run = new Run(state, INITIAL_RULE_STATE, definition, now);
  const ids = Object.keys(isRecord(state) ? state : {}).filter((id) => run.has(id));
  const remote = new Set<string>();
  for (const fieldId of ids) {
    const source = run.field(fieldId) ? parseDataSource(run.field(fieldId)?.dataSource) : null;
    if (source && isRemoteDataSource(source)) {
      remote.add(fieldId);
      run.useSource(fieldId, source);
    }
  }
  run.evaluateAll();
  for (const fieldId of ids) {
    const fs = run.get(fieldId) as FieldState;
    // A field whose source a rule replaced was reconciled (static) or will be (remote) by that source.
    if (!remote.has(fieldId) && fs.dataSource === undefined && Array.isArray(fs.options)) run.setOptions(fieldId, fs.options);
  }
  run.drain();
  return run.outcome();
};

/**
 * A user (or the application, on behalf of an event) changed one field's value.
 * Sets it and runs the rules it triggers. An unknown field or an equal value changes nothing.
 */
export const applyChange = (
  state: FormState,
  ruleState: RuleState,
  definition: FormDefinition,
  changedFieldId: string,
  newValue: unknown,
  now: Now,
): RuleOutcome => {
  const run = new Run(state, ruleState, definition, now);
  if (run.has(changedFieldId)) {
    run.setValue(changedFieldId, newValue);
    run.drain();
  }
  return run.outcome();
};

/**
 * Options loaded for a `load-data-source` effect. They replace the field's options and
 * reconcile its value (a cleared value triggers the rules watching it). Passing the
 * `source` the load was for drops a stale answer: one for a source the field no longer uses.
 */
export const applyLoadedOptions = (
  state: FormState,
  ruleState: RuleState,
  definition: FormDefinition,
  fieldId: string,
  options: unknown,
  now: Now,
  source?: DataSource,
): RuleOutcome => {
  const run = new Run(state, ruleState, definition, now);
  const fs = run.has(fieldId) ? run.get(fieldId) : undefined;
  if (fs) {
    const current = fs.dataSource ?? (run.field(fieldId) ? parseDataSource(run.field(fieldId)?.dataSource) : null);
    if (source === undefined || (current !== null && valuesEqual(current, source))) {
      run.setOptions(fieldId, sanitiseOptions(options));
      run.drain();
    }
  }
  return run.outcome();
};

/**
 * The answer of `event-config/run` for a `run-event` effect becomes the field's value
 * (coerced to its type, reconciled with its options) and triggers the rules watching it.
 */
export const applyEventResult = (
  state: FormState,
  ruleState: RuleState,
  definition: FormDefinition,
  fieldId: string,
  body: unknown,
  now: Now,
): RuleOutcome => {
  const field = fieldIndex(definition).get(fieldId);
  const raw = eventResultValue(body);
  const fs = own(state, fieldId);
  const value = field ? reconcileValue(field.type, coerceValue(field.type, raw), fs?.options) : raw;
  return applyChange(state, ruleState, definition, fieldId, value, now);
};

/** The field ids an interceptor watches (its matchers' fields). */
export const interceptorWatches = (interceptor: Interceptor): string[] =>
  isRecord(interceptor) ? matcherFieldIds(interceptor.matchers) : [];
