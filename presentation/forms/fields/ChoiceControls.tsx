import { Cascader, CheckList, Picker, Popup } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { addressPrompt } from '../../../domain/forms/dataSource';
import { findOption, pathLabels } from '../../../domain/forms/fields';
import { LIST_SEPARATOR, PATH_SEPARATOR, STREET_REQUIRED } from '../../../domain/forms/messages';
import type { AddressValue, Option, OptionValue } from '../../../domain/forms/types';
import { useLazyOpen } from './useLazyOpen';
import { CANCEL, CONFIRM, LOADING_OPTIONS, NO_OPTIONS, PLACEHOLDER_SELECT } from '../strings';
import { Trigger } from './Trigger';
import { ariaOf, type ControlProps } from './types';

const same = (a: unknown, b: unknown): boolean => String(a) === String(b);
const placeholderOf = (p: ControlProps): string => p.field.placeholder ?? `${PLACEHOLDER_SELECT}${p.field.title ?? ''}`;

function NoOptions({ options }: { options: readonly Option[] | undefined }) {
  return <div className="cw-fm-choice__empty">{options === undefined ? LOADING_OPTIONS : NO_OPTIONS}</div>;
}

/**
 * radio and checkbox: native inputs styled like antd-mobile's, so they are real
 * radios and checkboxes for assistive technology and cost little to mount.
 */
function ChoiceGroup(p: ControlProps & { readonly multiple: boolean }) {
  const { field, state, ids, options, onChange, multiple } = p;
  if (!options || options.length === 0) return <NoOptions options={options} />;
  const values = multiple ? (Array.isArray(state.value) ? (state.value as OptionValue[]) : []) : [state.value];
  const checked = (o: Option) => values.some((v) => same(v, o.value));
  const toggle = (o: Option) => {
    if (!multiple) onChange(o.value);
    else onChange(options.filter((x) => (same(x.value, o.value) ? !checked(x) : checked(x))).map((x) => x.value));
  };
  return (
    <div
      role={multiple ? 'group' : 'radiogroup'}
      id={ids.control}
      aria-labelledby={ids.label}
      {...ariaOf(p)}
      className={field.direction === 'vertical' ? 'cw-fm-choice cw-fm-choice--vertical' : 'cw-fm-choice'}
    >
      {options.map((o) => (
        <label key={String(o.value)} className={state.readonly ? 'cw-fm-check cw-fm-check--disabled' : 'cw-fm-check'}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            className="cw-fm-check__input"
            name={ids.control}
            checked={checked(o)}
            disabled={state.readonly}
            onChange={() => toggle(o)}
          />
          <span className={multiple ? 'cw-fm-check__box cw-fm-check__box--square' : 'cw-fm-check__box'} aria-hidden="true" />
          <span className="cw-fm-check__label">{o.label}</span>
        </label>
      ))}
    </div>
  );
}

/** radio: one of the options (horizontal or vertical). */
export function RadioControl(p: ControlProps) {
  return <ChoiceGroup {...p} multiple={false} />;
}

/** checkbox: any of the options. */
export function CheckboxControl(p: ControlProps) {
  return <ChoiceGroup {...p} multiple />;
}

/** select: one column picker. */
export function SelectControl(p: ControlProps) {
  const { field, state, options, onChange, onBlur } = p;
  const { open, mounted, show, hide } = useLazyOpen();
  const text = state.value === '' || state.value === null || state.value === undefined ? '' : (findOption(options, state.value)?.label ?? '');
  const columns = useMemo(() => [(options ?? []).map((o) => ({ label: o.label, value: o.value }))], [options]);
  return (
    <>
      <Trigger {...p} text={text} placeholder={placeholderOf(p)} onOpen={show} />
      {mounted ? (
        <Picker
          columns={columns}
          visible={open}
          title={field.title}
          value={text ? [state.value as OptionValue] : []}
          confirmText={CONFIRM}
          cancelText={CANCEL}
          onClose={() => {
            hide();
            onBlur();
          }}
          onConfirm={(v) => {
            const picked = v[0];
            if (picked !== undefined && picked !== null) onChange(options?.find((o) => same(o.value, picked))?.value ?? picked);
          }}
        />
      ) : null}
    </>
  );
}

/** multiselect: a check list in a bottom popup, confirmed with 确定. */
export function MultiselectControl(p: ControlProps) {
  const { field, state, options, onChange, onBlur } = p;
  const values = Array.isArray(state.value) ? (state.value as OptionValue[]) : [];
  const { open, mounted, show, hide } = useLazyOpen();
  const [draft, setDraft] = useState<OptionValue[]>(values);
  const text = values.map((v) => findOption(options, v)?.label ?? String(v)).join(LIST_SEPARATOR);
  const close = () => {
    hide();
    onBlur();
  };
  return (
    <>
      <Trigger
        {...p}
        text={text}
        placeholder={placeholderOf(p)}
        onOpen={() => {
          setDraft(values);
          show();
        }}
      />
      {mounted ? (
        <Popup visible={open} onMaskClick={close} bodyClassName="cw-fm-sheet" destroyOnClose>
          <div className="cw-fm-sheet__bar">
            <button type="button" className="cw-link cw-fm-sheet__cancel" onClick={close}>
              {CANCEL}
            </button>
            <div className="cw-fm-sheet__title">{field.title}</div>
            <button
              type="button"
              className="cw-link"
              onClick={() => {
                onChange((options ?? []).filter((o) => draft.some((d) => same(d, o.value))).map((o) => o.value));
                close();
              }}
            >
              {CONFIRM}
            </button>
          </div>
          <div className="cw-fm-sheet__body">
            {options && options.length > 0 ? (
              <CheckList multiple value={draft.map(String)} onChange={(v) => setDraft(v.map((x) => options.find((o) => same(o.value, x))?.value ?? x))}>
                {options.map((o) => (
                  <CheckList.Item key={String(o.value)} value={String(o.value)}>
                    {o.label}
                  </CheckList.Item>
                ))}
              </CheckList>
            ) : (
              <NoOptions options={options} />
            )}
          </div>
        </Popup>
      ) : null}
    </>
  );
}

type CascaderOption = { label: string; value: string; children?: CascaderOption[] };
const toCascader = (options: readonly Option[] | undefined, depth = 0): CascaderOption[] =>
  (options ?? []).map((o) => ({
    label: o.label,
    value: String(o.value),
    ...(Array.isArray(o.children) && o.children.length > 0 && depth < 16 ? { children: toCascader(o.children, depth + 1) } : {}),
  }));

/** Maps a picked path of text values back to the options' own values (numbers stay numbers). */
const fromCascader = (options: readonly Option[] | undefined, path: readonly (string | null)[]): OptionValue[] => {
  const out: OptionValue[] = [];
  let level: readonly Option[] | undefined = options;
  for (const v of path) {
    if (v === null) break;
    const found: Option | undefined = level?.find((o) => same(o.value, v));
    out.push(found ? found.value : v);
    level = found?.children;
  }
  return out;
};

function PathPicker(p: ControlProps & { readonly path: readonly OptionValue[]; readonly set: (path: OptionValue[]) => void; readonly address?: boolean }) {
  const { field, options, path, set, onBlur } = p;
  const { open, mounted, show, hide } = useLazyOpen();
  const cascader = useMemo(() => toCascader(options), [options]);
  const labels = pathLabels(options, path);
  const text = labels.join(p.address ? '' : PATH_SEPARATOR);
  return (
    <>
      <Trigger {...p} text={text} placeholder={placeholderOf(p)} onOpen={show} />
      {mounted ? (
        <Cascader
          options={cascader}
          visible={open}
          title={field.title}
          value={path.map(String)}
          confirmText={CONFIRM}
          cancelText={CANCEL}
          // CascaderView takes a prompt per column; Cascader's type only declares the string form.
          placeholder={(p.address ? (i: number) => addressPrompt(i) || PLACEHOLDER_SELECT : PLACEHOLDER_SELECT) as string}
          onClose={() => {
            hide();
            // An address is checked when the street is left, not when the region is picked.
            if (!p.address) onBlur();
          }}
          onConfirm={(v) => set(fromCascader(options, v.map((x) => (x === null ? null : String(x)))))}
        />
      ) : null}
    </>
  );
}

/** cascader: a path through the option tree. */
export function CascaderControl(p: ControlProps) {
  const path = Array.isArray(p.state.value) ? (p.state.value as OptionValue[]) : [];
  return <PathPicker {...p} path={path} set={(v) => p.onChange(v)} />;
}

/** address: a region (province, city, district) plus the street. */
export function AddressControl(p: ControlProps) {
  const value = (p.state.value ?? { region: [], street: '' }) as AddressValue;
  const region = Array.isArray(value.region) ? value.region : [];
  const street = typeof value.street === 'string' ? value.street : '';
  return (
    <div className="cw-fm-address">
      <PathPicker {...p} address path={region} set={(v) => p.onChange({ region: v.map(String), street })} />
      <textarea
        id={`${p.ids.control}-street`}
        className="cw-fm-input cw-fm-input--area cw-fm-address__street"
        rows={2}
        value={street}
        placeholder={STREET_REQUIRED}
        aria-label={`${p.field.title ?? ''} ${STREET_REQUIRED}`}
        readOnly={p.state.readonly}
        {...ariaOf(p)}
        onChange={(e) => p.onChange({ region, street: e.target.value })}
        onBlur={p.onBlur}
      />
    </div>
  );
}

