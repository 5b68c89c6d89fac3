import { Radio, Tag } from 'antd-mobile';
import { AddOutline, ExclamationCircleFill } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { $selections, doneSelection, selectionConsumed, selectionRequested } from '../../application/selectors';
import {
  addHandlers,
  addRecipients,
  chooseNode,
  chosenNode,
  COPY_RECIPIENTS_TITLE,
  HANDLERS_TITLE,
  NEXT_STEP_TITLE,
  nodeHandlerIssue,
  NODE_TYPE_WITHOUT_HANDLERS,
  removeHandler,
  removeRecipient,
  showCopySection,
  showsHandlers,
  type Handler,
  type NextNodeData,
  type NextStepSelection,
} from '../../domain/approval';
import type { SelectablePerson } from '../../domain/selectors/types';
import { selectorPath } from '../selectors';
import { UserAvatar } from '../shared/UserAvatar';
import { ADD_PERSON, AUTO_NODE, END_NODE, PRESET_RECIPIENT, REMOVE_PERSON } from './strings';

export interface NextStepChooserProps {
  readonly data: NextNodeData;
  readonly selection: NextStepSelection;
  readonly onChange: (selection: NextStepSelection) => void;
  /** Names the chooser in the selection channel (one per step handed over from). */
  readonly scope: string;
  /** A problem to show on the approver section (请选择审批人 after a blocked submit). */
  readonly error?: string | null;
  /** Called before the selector page opens (e.g. to write a draft). */
  readonly beforeLeave?: () => void;
}

const toHandlers = (people: readonly SelectablePerson[]): Handler[] => people.map((p) => ({ value: p.id, name: p.name }));
const toPeople = (handlers: readonly Handler[]): SelectablePerson[] => handlers.map((h) => ({ id: h.value, name: h.name, type: 0 }));

function Person({ name, onRemove, note }: { name: string; onRemove?: () => void; note?: string }) {
  return (
    <li className="cw-ap-person">
      <UserAvatar name={name} size={40} />
      <span className="cw-ap-person__name">{name}</span>
      {note ? <span className="cw-ap-person__note">{note}</span> : null}
      {onRemove ? (
        <button type="button" className="cw-ap-person__remove" aria-label={REMOVE_PERSON(name)} onClick={onRemove}>
          ×
        </button>
      ) : null}
    </li>
  );
}

function AddPerson({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <li className="cw-ap-person">
      <button type="button" className="cw-ap-person__add" aria-label={label} onClick={onClick}>
        <AddOutline fontSize={18} />
      </button>
      <span className="cw-ap-person__name cw-ap-person__name--muted">{ADD_PERSON}</span>
    </li>
  );
}

/**
 * The next-step chooser (SPEC point 2 "Next-step chooser", point 5): a radio list 选择下一步骤,
 * the chosen node's 审批人 (add and remove when the node lets the user choose, none for
 * type-4 nodes), and 抄送人 when the flow lets the user add recipients or some are preset
 * (preset ones stay). People are chosen on the selector pages through the selection
 * channel, so the choice survives the trip.
 */
export function NextStepChooser({ data, selection, onChange, scope, error, beforeLeave }: NextStepChooserProps) {
  const [entries, request, consume] = useUnit([$selections, selectionRequested, selectionConsumed]);
  const [, navigate] = useLocation();
  const node = chosenNode(data, selection);
  const handlersKey = `approval:${scope}:handlers`;
  const sendsKey = `approval:${scope}:sends`;

  const handlersResult = doneSelection(entries, handlersKey);
  useEffect(() => {
    if (!handlersResult || !node) return;
    consume(handlersKey);
    const next = addHandlers(node, [], toHandlers(handlersResult));
    if (next.ok) onChange({ ...selection, handlers: next.value });
  }, [handlersResult, node, consume, handlersKey, onChange, selection]);

  const sendsResult = doneSelection(entries, sendsKey);
  useEffect(() => {
    if (!sendsResult) return;
    consume(sendsKey);
    const presets = selection.recipients.filter((r) => r.preset);
    const next = addRecipients(data, presets, toHandlers(sendsResult));
    if (next.ok) onChange({ ...selection, recipients: next.value });
  }, [sendsResult, consume, sendsKey, data, onChange, selection]);

  const pick = (key: string, componentId: string | null | undefined, title: string, selected: readonly Handler[]) => {
    request({ key, request: { componentId: componentId ?? null, title, multiple: true, selected: toPeople(selected) } });
    beforeLeave?.();
    navigate(selectorPath(key));
  };

  const nodeIssue = node ? nodeHandlerIssue(node, selection.handlers) : null;
  const notice = nodeIssue?.code === 'no-handlers' ? nodeIssue.message : null;
  const handlerError = error ?? null;

  return (
    <div className="cw-ap-chooser">
      <section className="cw-ap-section" aria-labelledby={`${scope}-steps`}>
        <h2 className="cw-ap-section__title" id={`${scope}-steps`}>
          {NEXT_STEP_TITLE}
        </h2>
        <Radio.Group value={selection.nodeId ?? undefined} onChange={(v) => onChange(chooseNode(data, selection, String(v)))}>
          <ul className="cw-ap-steps">
            {data.flowNodes.map((n) => (
              <li key={n.id} className={`cw-ap-step${n.id === selection.nodeId ? ' cw-ap-step--on' : ''}`}>
                <Radio value={n.id} className="cw-ap-step__radio">
                  <span className="cw-ap-step__name">{n.name}</span>
                  {n.isAuto ? (
                    <Tag color="primary" fill="outline" className="cw-ap-step__tag">
                      {AUTO_NODE}
                    </Tag>
                  ) : n.type === NODE_TYPE_WITHOUT_HANDLERS ? (
                    <Tag color="default" fill="outline" className="cw-ap-step__tag">
                      {END_NODE}
                    </Tag>
                  ) : null}
                </Radio>
              </li>
            ))}
          </ul>
        </Radio.Group>
      </section>

      {node && showsHandlers(node) && !(node.isAuto && selection.handlers.length === 0 && !node.isSelect) ? (
        <section className="cw-ap-section" aria-labelledby={`${scope}-handlers`}>
          <h2 className="cw-ap-section__title" id={`${scope}-handlers`}>
            {HANDLERS_TITLE}
          </h2>
          {(
            <ul className="cw-ap-people" aria-label={HANDLERS_TITLE}>
              {selection.handlers.map((h) => (
                <Person
                  key={h.value}
                  name={h.name}
                  onRemove={
                    node.isSelect
                      ? () => {
                          const next = removeHandler(node, selection.handlers, h.value);
                          if (next.ok) onChange({ ...selection, handlers: next.value });
                        }
                      : undefined
                  }
                />
              ))}
              {node.isSelect ? (
                <AddPerson label={`${ADD_PERSON}${HANDLERS_TITLE}`} onClick={() => pick(handlersKey, node.selectComponentId, HANDLERS_TITLE, selection.handlers)} />
              ) : null}
            </ul>
          )}
          {notice ? (
            <p className="cw-ap-section__warn" role="alert">
              <ExclamationCircleFill /> {notice}
            </p>
          ) : null}
          {handlerError ? (
            <p className="cw-ap-section__error" role="alert">
              <ExclamationCircleFill /> {handlerError}
            </p>
          ) : null}
        </section>
      ) : null}

      {showCopySection(data, selection.recipients) ? (
        <section className="cw-ap-section" aria-labelledby={`${scope}-sends`}>
          <h2 className="cw-ap-section__title" id={`${scope}-sends`}>
            {COPY_RECIPIENTS_TITLE}
          </h2>
          <ul className="cw-ap-people" aria-label={COPY_RECIPIENTS_TITLE}>
            {selection.recipients.map((r) => (
              <Person
                key={r.value}
                name={r.name}
                note={r.preset ? PRESET_RECIPIENT : undefined}
                onRemove={
                  r.preset
                    ? undefined
                    : () => {
                        const next = removeRecipient(selection.recipients, r.value);
                        if (next.ok) onChange({ ...selection, recipients: next.value });
                      }
                }
              />
            ))}
            {data.sendIsSelect ? (
              <AddPerson
                label={`${ADD_PERSON}${COPY_RECIPIENTS_TITLE}`}
                onClick={() =>
                  pick(
                    sendsKey,
                    data.sendSelectComponentId,
                    COPY_RECIPIENTS_TITLE,
                    selection.recipients.filter((r) => !r.preset),
                  )
                }
              />
            ) : null}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
