import { Button, Collapse, Steps, Tabs } from 'antd-mobile';
import { memo, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { iframeHeight, iframeUrl, META_KEY, type FormMeta } from '../../application/forms';
import { resolveWebAddress } from '../../domain/shell/links';
import { SandboxedFrame } from '../shared/SandboxedFrame';
import { ServerHtml } from '../shared/serverHtml/ServerHtml';
import { isContainerNode, isContentBlock, isFieldNode, walkFields } from '../../domain/forms/fields';
import type { ContainerDefinition, ContainerPane, ContentBlock, FormNode, IframeBlock } from '../../domain/forms/types';
import { FieldNode } from './FieldNode';
import { useEngine } from './FormContext';
import { IFRAME_TITLE, NEXT_STEP, PREV_STEP } from './strings';

/** One value of the form meta, redrawing only when that value changes. */
export function useMetaValue<T>(select: (m: FormMeta) => T): T {
  const engine = useEngine();
  const subscribe = useCallback((l: () => void) => engine.subscribe(META_KEY, l), [engine]);
  return useSyncExternalStore(
    subscribe,
    () => select(engine.getMeta()),
    () => select(engine.getMeta()),
  );
}

const keyOf = (node: FormNode, index: number): string => (typeof node.id === 'string' && node.id !== '' ? node.id : `#${index}`);
const paneKey = (pane: ContainerPane, index: number): string => pane.id ?? String(index);
const paneHas = (pane: ContainerPane | undefined, fieldId: string | undefined): boolean =>
  !!pane && !!fieldId && walkFields(pane.children).some((f) => f.id === fieldId);

/**
 * How many nodes one run of a long list holds. When a field redraws, React walks down to
 * it and steps through every sibling on the way: in a flat list of 300 fields that is 300
 * fibers per keystroke. In runs of 16 it is the runs plus one run's nodes (about 35). A
 * run is no element of its own: the page's markup is the same.
 */
export const NODE_RUN = 16;

function nodeElement(node: FormNode, i: number) {
  if (isFieldNode(node)) return <FieldNode key={keyOf(node, i)} field={node} />;
  if (isContainerNode(node)) return node.hidden === true ? null : <ContainerNode key={keyOf(node, i)} node={node} />;
  if (isContentBlock(node)) return node.hidden === true ? null : <ContentNode key={keyOf(node, i)} node={node} />;
  return null;
}

/** Nodes from..to of a list; redraws only when the list itself changes. */
const NodeRun = memo(function NodeRun({ nodes, from }: { nodes: readonly FormNode[]; from: number }) {
  return <>{nodes.slice(from, from + NODE_RUN).map((node, k) => nodeElement(node, from + k))}</>;
});

/** A list of definition nodes: value fields, containers and content blocks. */
export const FormNodes = memo(function FormNodes({ nodes }: { nodes: readonly FormNode[] | undefined }) {
  if (!Array.isArray(nodes)) return null;
  if (nodes.length <= NODE_RUN) return <>{nodes.map(nodeElement)}</>;
  const runs = [];
  for (let from = 0; from < nodes.length; from += NODE_RUN) runs.push(<NodeRun key={from} nodes={nodes} from={from} />);
  return <>{runs}</>;
});

function ContainerNode({ node }: { node: ContainerDefinition }) {
  const panes = Array.isArray(node.panes) ? node.panes : [];
  switch (node.type) {
    case 'grid':
      return (
        <div className="cw-fm-grid">
          {panes.map((pane, i) => (
            <div key={paneKey(pane, i)} className="cw-fm-grid__col" style={{ gridColumn: `span ${Math.min(24, Math.max(1, pane.span ?? 24))}` }}>
              <FormNodes nodes={pane.children} />
            </div>
          ))}
          {node.children ? (
            <div className="cw-fm-grid__col" style={{ gridColumn: 'span 24' }}>
              <FormNodes nodes={node.children} />
            </div>
          ) : null}
        </div>
      );
    case 'tabs':
      return <TabsContainer node={node} panes={panes} />;
    case 'steps':
      return <StepsContainer node={node} panes={panes} />;
    case 'collapse':
      return <CollapseContainer node={node} panes={panes} />;
    case 'table':
      return <TableContainer node={node} panes={panes} />;
    default:
      return null;
  }
}

function TabsContainer({ node, panes }: { node: ContainerDefinition; panes: ContainerPane[] }) {
  const [active, setActive] = useState(paneKey(panes[0] ?? {}, 0));
  const focus = useMetaValue((m) => m.errorFocus);
  // A failed check elsewhere in the form opens the tab holding the first error.
  useEffect(() => {
    const at = panes.findIndex((p) => paneHas(p, focus?.fieldId));
    if (at >= 0) setActive(paneKey(panes[at] as ContainerPane, at));
  }, [focus, panes]);
  return (
    <section className="cw-fm-container cw-fm-tabs" aria-label={node.title}>
      <Tabs activeKey={active} onChange={setActive} stretch={panes.length <= 4}>
        {panes.map((pane, i) => (
          <Tabs.Tab key={paneKey(pane, i)} title={pane.title ?? String(i + 1)}>
            <FormNodes nodes={pane.children} />
          </Tabs.Tab>
        ))}
      </Tabs>
    </section>
  );
}

/**
 * steps: paged for whoever fills the form (the current step's fields; 下一步 checks them
 * first); otherwise every step one after the other under its title (the engine's pagedSteps).
 */
function StepsContainer({ node, panes }: { node: ContainerDefinition; panes: ContainerPane[] }) {
  const engine = useEngine();
  return engine.pagedSteps ? <PagedSteps node={node} panes={panes} /> : <AllSteps node={node} panes={panes} />;
}

function AllSteps({ node, panes }: { node: ContainerDefinition; panes: ContainerPane[] }) {
  return (
    <section className="cw-fm-container cw-fm-steps cw-fm-steps--all" aria-label={node.title}>
      {panes.map((pane, i) => {
        const title = pane.title ?? String(i + 1);
        return (
          <section key={paneKey(pane, i)} className="cw-fm-steps__section" aria-label={title}>
            <h3 className="cw-fm-steps__title">
              <span className="cw-fm-steps__index" aria-hidden="true">
                {i + 1}
              </span>
              {title}
            </h3>
            <FormNodes nodes={pane.children} />
          </section>
        );
      })}
    </section>
  );
}

function PagedSteps({ node, panes }: { node: ContainerDefinition; panes: ContainerPane[] }) {
  const engine = useEngine();
  const step = useMetaValue((m) => m.step);
  const current = panes[step];
  const last = step >= panes.length - 1;
  return (
    <section className="cw-fm-container cw-fm-steps" aria-label={node.title}>
      <Steps current={step} className="cw-fm-steps__bar">
        {panes.map((pane, i) => (
          <Steps.Step key={paneKey(pane, i)} title={pane.title ?? String(i + 1)} status={i < step ? 'finish' : i === step ? 'process' : 'wait'} />
        ))}
      </Steps>
      <div className="cw-fm-steps__body" role="group" aria-label={current?.title}>
        {current ? <FormNodes key={paneKey(current, step)} nodes={current.children} /> : null}
      </div>
      <div className="cw-fm-steps__nav">
        {step > 0 ? (
          <Button fill="outline" onClick={() => engine.prevStep()}>
            {PREV_STEP}
          </Button>
        ) : null}
        {!last ? (
          <Button color="primary" fill="outline" onClick={() => void engine.nextStep()}>
            {NEXT_STEP}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function CollapseContainer({ node, panes }: { node: ContainerDefinition; panes: ContainerPane[] }) {
  const [open, setOpen] = useState<string[]>(panes.length > 0 ? [paneKey(panes[0] as ContainerPane, 0)] : []);
  const focus = useMetaValue((m) => m.errorFocus);
  useEffect(() => {
    const at = panes.findIndex((p) => paneHas(p, focus?.fieldId));
    const key = at >= 0 ? paneKey(panes[at] as ContainerPane, at) : null;
    if (key !== null) setOpen((o) => (o.includes(key) ? o : [...o, key]));
  }, [focus, panes]);
  return (
    <section className="cw-fm-container cw-fm-collapse" aria-label={node.title}>
      <Collapse activeKey={open} onChange={(v) => setOpen(Array.isArray(v) ? v : v ? [v] : [])}>
        {panes.map((pane, i) => (
          <Collapse.Panel key={paneKey(pane, i)} title={pane.title ?? String(i + 1)} forceRender>
            <FormNodes nodes={pane.children} />
          </Collapse.Panel>
        ))}
      </Collapse>
    </section>
  );
}

/** table: cells placed by row and column. */
function TableContainer({ node, panes }: { node: ContainerDefinition; panes: ContainerPane[] }) {
  const cols = Math.max(1, ...panes.map((p) => (typeof p.col === 'number' ? p.col + 1 : 1)));
  return (
    <section className="cw-fm-table" aria-label={node.title} style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}>
      {panes.map((pane, i) => (
        <div
          key={paneKey(pane, i)}
          className="cw-fm-table__cell"
          style={typeof pane.row === 'number' && typeof pane.col === 'number' ? { gridRow: pane.row + 1, gridColumn: pane.col + 1 } : undefined}
        >
          <FormNodes nodes={pane.children} />
        </div>
      ))}
    </section>
  );
}

function ContentNode({ node }: { node: ContentBlock }) {
  switch (node.type) {
    case 'paragraph':
      return <ServerHtml className="cw-fm-paragraph" html={node.content ?? ''} />;
    case 'text':
      return <p className="cw-fm-text-block">{node.content}</p>;
    case 'iframe':
      return <IframeNode node={node} />;
    default:
      return null;
  }
}

/** iframe: its src with params from field values (redrawn when one of them changes). */
function IframeNode({ node }: { node: IframeBlock }) {
  const engine = useEngine();
  const ids = (node.params ?? []).map((p) => p.fieldId);
  const subscribe = useCallback(
    (l: () => void) => {
      const offs = ids.map((id) => engine.subscribe(id, l));
      return () => offs.forEach((off) => off());
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [engine, ids.join('|')],
  );
  const url = useSyncExternalStore(
    subscribe,
    () => iframeUrl(node, (id) => engine.getField(id)?.value),
    () => iframeUrl(node, (id) => engine.getField(id)?.value),
  );
  // The designer's src may be a path on the app's host: resolved, then held to the web-view
  // rule (http or https only; never '//host', a backslash or a control character), and
  // sandboxed by the one frame rule.
  const address = resolveWebAddress(url, window.location.href);
  if (address === null) return null;
  return (
    <div className="cw-fm-iframe">
      <SandboxedFrame title={IFRAME_TITLE} src={address} height={iframeHeight(node)} loading="lazy" />
    </div>
  );
}
