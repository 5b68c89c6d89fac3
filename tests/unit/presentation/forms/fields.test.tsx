// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READONLY_PLACEHOLDER } from '../../../../domain/forms/messages';
import { walkFields } from '../../../../domain/forms/fields';
import type { FormDefinition, FormNode } from '../../../../domain/forms/types';
import { fieldIds } from '../../../../presentation/forms/FormContext';
import { NODE_RUN } from '../../../../presentation/forms/FormNodes';
import { HOLD_DELAY_MS, REPEAT_MS } from '../../../../presentation/forms/fields/NumberControl';
import { renderForm, settle } from './setup';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const ready = async () => act(settle);

describe('labels, descriptions and errors are tied to their controls', () => {
  it('every text field is a textbox named by its title', async () => {
    renderForm('visitor');
    await ready();
    for (const name of ['访客姓名', '手机号', '身份证号', '单位名称', '车牌号', '备注']) {
      expect(screen.getByRole('textbox', { name })).toBeTruthy();
    }
  });

  it('an error on blur is announced (role=alert) and described on the control', async () => {
    renderForm('visitor');
    await ready();
    const mobile = screen.getByRole('textbox', { name: '手机号' });
    fireEvent.change(mobile, { target: { value: '123' } });
    fireEvent.blur(mobile);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('请输入正确的手机号');
    expect(mobile.getAttribute('aria-describedby')).toContain(alert.id);
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(mobile.getAttribute('aria-required')).toBe('true');
    fireEvent.change(mobile, { target: { value: '13800138000' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a description shows in its colour and describes the control', async () => {
    renderForm('leave');
    await ready();
    const desc = screen.getByText('根据请假时间自动计算，可修改');
    expect((desc as HTMLElement).style.color).toBe('rgb(140, 140, 140)');
    expect(screen.getByRole('spinbutton', { name: '请假天数' }).getAttribute('aria-describedby')).toBe(desc.id);
  });

  it('read-only: the hints for filling are gone, content blocks stay; a field the node opens keeps its hint', async () => {
    renderForm('leave', { mode: 'readonly' });
    await ready();
    expect(screen.getByRole('textbox', { name: '请假天数' }).getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByText('根据请假时间自动计算，可修改')).toBeNull();
    expect(document.querySelector('.cw-fm-field__desc')).toBeNull();
    expect(screen.getByText('审批通过后将自动同步至考勤系统。')).toBeTruthy();
    expect(screen.getByText('温馨提示：', { exact: false })).toBeTruthy();
    cleanup();
    renderForm('leave', { mode: 'readonly', fieldLimits: [{ fieldId: 'leave_days', editable: true }] });
    await ready();
    const desc = screen.getByText('根据请假时间自动计算，可修改');
    expect(screen.getByRole('spinbutton', { name: '请假天数' }).getAttribute('aria-describedby')).toBe(desc.id);
  });

  it('hideTitle hides the title from view but not from the control', async () => {
    const definition: FormDefinition = { fields: [{ id: 'a', type: 'input', title: '隐藏标题', hideTitle: true }] };
    renderForm(definition);
    await ready();
    const input = screen.getByRole('textbox', { name: '隐藏标题' });
    expect(input).toBeTruthy();
    expect(document.querySelector('.cw-visually-hidden')?.textContent).toBe('隐藏标题');
  });

  it('placeholders come from the definition, else 请输入{title}', async () => {
    renderForm('leave');
    await ready();
    expect(screen.getByRole('textbox', { name: '紧急联系电话' }).getAttribute('placeholder')).toBe('手机号或区号-座机号');
    expect(screen.getByRole('textbox', { name: '请假事由' }).getAttribute('placeholder')).toBe('请输入请假事由');
  });
});

describe('one keystroke redraws one field', () => {
  it('typing renders only the field typed in', async () => {
    const { renders } = renderForm('studentInfo');
    await ready();
    renders.clear();
    fireEvent.change(screen.getByRole('textbox', { name: '学生姓名' }), { target: { value: '张' } });
    fireEvent.change(screen.getByRole('textbox', { name: '学生姓名' }), { target: { value: '张三' } });
    expect([...renders.entries()]).toEqual([['stu_name', 2]]);
  });

  it('a rule redraws the fields it touches, and nothing else', async () => {
    const { renders } = renderForm('studentInfo');
    await ready();
    renders.clear();
    fireEvent.change(screen.getByRole('textbox', { name: '邮箱' }), { target: { value: 'a@b.cn' } });
    expect([...renders.keys()].sort()).toEqual(['stu_email', 'stu_mobile']);
  });

  it('a long list (drawn in runs of NODE_RUN) keeps its order, hides what is hidden, and redraws only the field typed in', async () => {
    const count = NODE_RUN * 3 + 5;
    const fields: FormNode[] = Array.from({ length: count }, (_, i) =>
      i === NODE_RUN + 1
        ? { id: 'hid', type: 'grid', hidden: true, panes: [{ span: 24, children: [{ id: 'hx', type: 'input', title: '藏起来' }] }] }
        : { id: `n${i}`, type: 'input', title: `第${i}项` },
    );
    const { renders, engine } = renderForm({ fields });
    await ready();
    expect(screen.getAllByRole('textbox').map((t) => t.id)).toEqual(fields.filter((f) => f.id !== 'hid').map((f) => fieldIds(f.id as string).control));
    expect(screen.queryByRole('textbox', { name: '藏起来' })).toBeNull();
    renders.clear();
    const last = `第${count - 1}项`;
    fireEvent.change(screen.getByRole('textbox', { name: last }), { target: { value: '甲' } });
    expect([...renders.keys()]).toEqual([`n${count - 1}`]);
    expect(engine.getState()[`n${count - 1}`]?.value).toBe('甲');
  });
});

describe('field types', () => {
  it('textarea shows its count against max', async () => {
    renderForm('leave');
    await ready();
    fireEvent.change(screen.getByRole('textbox', { name: '请假事由' }), { target: { value: '家中有事' } });
    expect(screen.getByText('4/200')).toBeTruthy();
  });

  it('number: the stepper steps, holds repeat every 200 ms after 600 ms, and stops at max', async () => {
    vi.useFakeTimers();
    const { engine } = renderForm('visitor');
    const plus = screen.getByRole('button', { name: '增加随行人数' });
    act(() => {
      fireEvent.pointerDown(plus);
    });
    expect(engine.getField('vis_companions')?.value).toBe(1);
    act(() => {
      vi.advanceTimersByTime(HOLD_DELAY_MS - 1);
    });
    expect(engine.getField('vis_companions')?.value).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1 + REPEAT_MS * 3);
    });
    expect(engine.getField('vis_companions')?.value).toBe(4);
    act(() => {
      fireEvent.pointerUp(plus);
      vi.advanceTimersByTime(REPEAT_MS * 5);
    });
    expect(engine.getField('vis_companions')?.value).toBe(4);
    expect([HOLD_DELAY_MS, REPEAT_MS]).toEqual([600, 200]);
    act(() => {
      engine.setValue('vis_companions', 10);
    });
    expect((screen.getByRole('button', { name: '增加随行人数' }) as HTMLButtonElement).disabled).toBe(true);
    const minus = screen.getByRole('button', { name: '减少随行人数' });
    act(() => {
      fireEvent.pointerDown(minus);
      fireEvent.pointerUp(minus);
    });
    expect(engine.getField('vis_companions')?.value).toBe(9);
  });

  it('number: a fraction minimum steps by halves (leave days)', async () => {
    const { engine } = renderForm('leave');
    await ready();
    const plus = screen.getByRole('button', { name: '增加请假天数' });
    act(() => {
      fireEvent.pointerDown(plus);
      fireEvent.pointerUp(plus);
    });
    expect(engine.getField('leave_days')?.value).toBe(0.5);
    act(() => {
      fireEvent.pointerDown(plus);
      fireEvent.pointerUp(plus);
    });
    expect(engine.getField('leave_days')?.value).toBe(1);
    fireEvent.change(screen.getByRole('spinbutton', { name: '请假天数' }), { target: { value: '4' } });
    expect(engine.getField('leave_days')?.value).toBe(4);
  });

  it('switch: toggling runs its rule (the substitutes subform appears)', async () => {
    renderForm('leave');
    await ready();
    expect(screen.queryByRole('group', { name: '调课安排' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: '需要调课' }));
    expect(screen.getByRole('group', { name: '调课安排' })).toBeTruthy();
  });

  it('radio and checkbox are native, grouped and named', async () => {
    const { engine } = renderForm('seal');
    await ready();
    const types = screen.getByRole('group', { name: '印章类型' });
    expect((screen.getByRole('spinbutton', { name: '用印份数' }) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(within(types).getByRole('checkbox', { name: '公章' }));
    fireEvent.click(within(types).getByRole('checkbox', { name: '财务章' }));
    expect(engine.getField('seal_types')?.value).toEqual(['official', 'finance']);
    // seal_i_types: types chosen, the copies become editable.
    expect((screen.getByRole('spinbutton', { name: '用印份数' }) as HTMLInputElement).readOnly).toBe(false);
    const usage = screen.getByRole('radiogroup', { name: '用途' });
    fireEvent.click(within(usage).getByRole('radio', { name: '对外' }));
    expect(engine.getField('seal_usage')?.value).toBe('external');
    expect(screen.getByRole('textbox', { name: '接收单位' })).toBeTruthy();
  });

  it('select: a trigger named by its label and value opens the picker', async () => {
    const { engine } = renderForm('leave');
    await ready();
    const trigger = screen.getByRole('button', { name: '请假类型 请选择请假类型' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    engine.setValue('leave_type', 'sick');
    await ready();
    expect(screen.getByRole('button', { name: '请假类型 病假' })).toBeTruthy();
  });

  it('date: every mode shows the spec format', async () => {
    const definition: FormDefinition = {
      fields: (['year', 'month', 'day', 'Date', 'DateTime'] as const).map((mode, i) => ({ id: `d${i}`, type: 'date', title: mode, mode, defaultValue: '2025-03-09 08:05:07' })),
    };
    renderForm(definition);
    await ready();
    expect(['year', 'month', 'day', 'Date', 'DateTime'].map((m) => screen.getByRole('button', { name: new RegExp(`^${m} `) }).textContent)).toEqual([
      '2025',
      '2025/03',
      '2025/03/09',
      '2025/03/09',
      '2025/03/09 08:05',
    ]);
  });

  it('date-range: two ends with their own names, joined with ~ when read-only', async () => {
    const { engine, unmount } = renderForm('leave');
    await ready();
    expect(screen.getByRole('button', { name: '请假时间 开始时间' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '请假时间 结束时间' })).toBeTruthy();
    engine.dispose();
    unmount();
    renderForm('leave', {
      mode: 'readonly',
      initialData: { code: 'leave', mainTable: { id: 'oa_leave', fields: [{ id: 'leave_period', key: 'period', value: ['2025-03-14 08:00', '2025-03-18 17:00'] }] }, subTable: [] },
    });
    await ready();
    expect(screen.getByText('2025/03/14 08:00 ~ 2025/03/18 17:00')).toBeTruthy();
  });

  it('cascader and address show their paths; the address street has its own prompt', async () => {
    const { engine } = renderForm('studentInfo');
    await ready();
    engine.setValue('stu_hometown', ['33', '3301']);
    engine.setValue('stu_address', { region: ['33', '3301', '330106'], street: '' });
    await ready();
    expect(screen.getByRole('button', { name: '籍贯 浙江省 / 杭州市' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '家庭住址 浙江省杭州市西湖区' })).toBeTruthy();
    const street = screen.getByRole('textbox', { name: '家庭住址 请输入详细地址' });
    fireEvent.blur(street);
    expect(screen.getByRole('alert').textContent).toBe('请输入详细地址');
  });

  it('multiselect shows its labels joined', async () => {
    const { engine } = renderForm('studentInfo');
    await ready();
    engine.setValue('stu_hobbies', ['reading', 'coding']);
    await ready();
    expect(screen.getByRole('button', { name: '兴趣爱好 阅读、编程' })).toBeTruthy();
  });
});

describe('read-only mode', () => {
  it("shows values as text and '-' for empty ones", async () => {
    renderForm('visitor', {
      mode: 'readonly',
      initialData: { code: 'visitor', mainTable: { id: 'sec_visitor', fields: [{ id: 'vis_name', key: 'visitorName', value: '刘一' }, { id: 'vis_purpose', key: 'purpose', value: 'visit' }] }, subTable: [] },
    });
    await ready();
    expect(screen.queryAllByRole('textbox', { name: '访客姓名' }).map((e) => e.textContent)).toEqual(['刘一']);
    expect(screen.getByRole('textbox', { name: '来访事由' }).textContent).toBe('参观交流');
    expect(screen.getByRole('textbox', { name: '单位名称' }).textContent).toBe(READONLY_PLACEHOLDER);
    expect(READONLY_PLACEHOLDER).toBe('-');
    expect(document.querySelectorAll('input, textarea').length).toBe(0);
  });

  it('a field the node opens stays editable in a read-only form', async () => {
    renderForm('purchase', { mode: 'readonly', fieldLimits: [{ fieldId: 'pur_budget_code', editable: true, hidden: false, required: true }] });
    await ready();
    const inputs = [...document.querySelectorAll('input')];
    expect(inputs.map((i) => i.id)).toEqual(['cw-f-pur_budget_code-control']);
  });
});

describe('every seeded form renders its visible fields (tabs and steps: the open pane)', () => {
  it.each([
    ['leave', null],
    ['notice', null],
    ['studentInfo', null],
    ['visitor', null],
    ['purchase', 'pur_tab_basic'],
    ['seal', 'seal_step_info'],
  ] as const)('%s', async (name, pane) => {
    const { engine } = renderForm(name);
    await ready();
    const open = pane ? findPaneFieldIds(engine.definition.fields, pane) : null;
    for (const f of engine.fields) {
      if (open && !open.includes(f.id)) continue;
      const box = document.getElementById(`cw-f-${f.id}`);
      expect(Boolean(box), f.id).toBe(Boolean(engine.getField(f.id)?.visible));
    }
  });
});

function findPaneFieldIds(nodes: unknown, paneId: string): string[] {
  const panes = (nodes as { panes?: { id?: string; children?: unknown }[] }[]).flatMap((n) => n.panes ?? []);
  const pane = panes.find((p) => p.id === paneId);
  return walkFields(pane?.children).map((f) => f.id);
}

describe('the first failing field takes the focus after a check', () => {
  it('when the user has not gone on', async () => {
    vi.useFakeTimers();
    const { engine } = renderForm('visitor');
    await ready();
    act(() => void engine.validate());
    await act(async () => vi.advanceTimersByTime(100));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: '访客姓名' }));
  });

  it.each(['focusin', 'pointerdown', 'keydown'])('never once the user went on (%s before it came): the typing stays where it goes', async (type) => {
    vi.useFakeTimers();
    const { engine } = renderForm('visitor');
    await ready();
    act(() => void engine.validate());
    const mobile = screen.getByRole('textbox', { name: '手机号' });
    mobile.focus();
    fireEvent(mobile, new Event(type, { bubbles: true }));
    await act(async () => vi.advanceTimersByTime(100));
    expect(document.activeElement).toBe(mobile);
  });
});
