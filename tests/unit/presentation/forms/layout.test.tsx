// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMINDER_DEFAULT_CLOSE, REMINDER_DEFAULT_TITLE } from '../../../../domain/forms/messages';
import type { FormDefinition } from '../../../../domain/forms/types';
import { renderForm, settle } from './setup';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const ready = async () => act(settle);

describe('containers', () => {
  it('grid: panes side by side by span', async () => {
    renderForm('leave');
    await ready();
    const cols = document.querySelectorAll<HTMLElement>('.cw-fm-grid__col');
    expect([...cols].map((c) => c.style.gridColumn)).toEqual(['span 12', 'span 12']);
    expect(within(cols[0] as HTMLElement).getByRole('button', { name: /请假类型/ })).toBeTruthy();
  });

  it('tabs: one pane at a time; a failed submit opens the tab of the first error', async () => {
    const { engine } = renderForm('purchase');
    await ready();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['基本信息', '采购明细', '供应商']);
    expect(screen.queryByRole('group', { name: '采购明细' })).toBeNull();
    engine.setValue('pur_title', '打印纸');
    engine.setValue('pur_category', 'office');
    engine.setValue('pur_budget_year', '2025');
    act(() => {
      engine.validate();
    });
    await ready();
    expect(screen.getByRole('group', { name: '采购明细' })).toBeTruthy();
    expect(screen.getByText('请添加采购明细').getAttribute('role')).toBe('alert');
  });

  it('steps: 下一步 checks the current step; 上一步 goes back', async () => {
    const { engine, notices } = renderForm('seal');
    await ready();
    expect(screen.queryByRole('button', { name: '上一步' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await ready();
    expect(notices.map((n) => n.text)).toEqual(['请检查输入']);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['请选择印章类型', '请选择用途']);
    fireEvent.click(screen.getByRole('checkbox', { name: '公章' }));
    fireEvent.click(screen.getByRole('radio', { name: '对内' }));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await ready();
    expect(engine.getMeta().step).toBe(1);
    expect(screen.getByRole('button', { name: '新建文档' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上一步' }));
    await ready();
    expect(screen.getByRole('group', { name: '印章类型' })).toBeTruthy();
  });

  it('steps read: every step one after the other under its title, no paging, one row per field', async () => {
    renderForm('seal', { mode: 'readonly' });
    await ready();
    expect(screen.queryByRole('button', { name: '下一步' })).toBeNull();
    expect(screen.queryByRole('button', { name: '上一步' })).toBeNull();
    const sections = screen.getAllByRole('region').filter((r) => r.classList.contains('cw-fm-steps__section'));
    expect(sections.map((r) => r.getAttribute('aria-label'))).toEqual(['用印信息', '用印文件', '外带信息']);
    expect(sections.map((r) => r.querySelector('h3')?.textContent)).toEqual(['1用印信息', '2用印文件', '3外带信息']);
    expect(within(sections[0] as HTMLElement).getByRole('textbox', { name: '印章类型' })).toBeTruthy();
    expect(within(sections[2] as HTMLElement).getByRole('textbox', { name: '印章外带' })).toBeTruthy();
    const kinds = (type: string) => document.querySelector(`.cw-fm-field--${type}`)?.className.split(' ').filter((c) => c !== '') ?? [];
    // The switch reads like every other field; no files: '-' on the row as well.
    for (const type of ['switch', 'checkbox', 'radio', 'number', 'textarea', 'document']) expect(kinds(type)).not.toContain('cw-fm-field--stacked');
    cleanup();
    const document_ = { uid: 'd1', name: '合同.docx', status: 'done', url: '/files/d1.docx' };
    renderForm('seal', {
      mode: 'readonly',
      initialData: { code: 'seal', mainTable: { id: 'office_seal', fields: [{ id: 'seal_document', key: 'document', value: [document_] }] }, subTable: [] },
    });
    await ready();
    // Files take the full width under their label.
    expect(kinds('document')).toContain('cw-fm-field--stacked');
    expect(kinds('file')).not.toContain('cw-fm-field--stacked');
  });

  it('steps fill: the filler still pages (the same form, edit mode)', async () => {
    renderForm('seal');
    await ready();
    expect(document.querySelectorAll('.cw-fm-steps__section')).toHaveLength(0);
    expect(screen.getByRole('button', { name: '下一步' })).toBeTruthy();
  });

  it('collapse: panels with titles, the first open', async () => {
    const { engine } = renderForm('seal');
    await ready();
    act(() => {
      engine.setValue('seal_types', ['official']);
      engine.setValue('seal_usage', 'internal');
      engine.nextStep();
      engine.setValue('seal_document', [{ uid: 'd', name: 'a.docx', status: 'done' }]);
      engine.nextStep();
    });
    await ready();
    expect(screen.getByText('用印说明')).toBeTruthy();
    expect(screen.getByText('合同章仅用于已审定合同。')).toBeTruthy();
  });

  it('table: cells placed by row and column', async () => {
    renderForm('notice');
    await ready();
    const table = document.querySelector<HTMLElement>('.cw-fm-table');
    expect(table?.style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    const cells = [...document.querySelectorAll<HTMLElement>('.cw-fm-table__cell')].map((c) => [c.style.gridRow, c.style.gridColumn]);
    expect(cells).toEqual([
      ['1', '1'],
      ['1', '2'],
      ['2', '1'],
      ['2', '2'],
    ]);
  });

  it('a hidden container renders nothing', async () => {
    renderForm({ fields: [{ id: 'g', type: 'grid', hidden: true, panes: [{ span: 24, children: [{ id: 'x', type: 'input', title: '藏起来' }] }] }] });
    await ready();
    expect(screen.queryByRole('textbox', { name: '藏起来' })).toBeNull();
  });
});

describe('content blocks', () => {
  it('paragraph: sanitised HTML', async () => {
    renderForm({ fields: [{ id: 'p', type: 'paragraph', content: '<p>温馨<b>提示</b><script>window.x=1</script><img src=x onerror="window.y=1"></p>' }] });
    await ready();
    const p = document.querySelector('.cw-fm-paragraph') as HTMLElement;
    expect(p.querySelector('b')?.textContent).toBe('提示');
    expect(p.innerHTML).not.toContain('script');
    expect(p.innerHTML).not.toContain('onerror');
  });

  it('text: plain text', async () => {
    renderForm('leave');
    await ready();
    expect(screen.getByText('审批通过后将自动同步至考勤系统。').tagName).toBe('P');
  });

  it('iframe: src with params from field values, default height 200', async () => {
    const { engine } = renderForm('notice');
    await ready();
    const frame = () => screen.getByTitle('嵌入页面') as HTMLIFrameElement;
    // The frame shows the address that was checked: the designer's path made absolute.
    const onHost = (path: string) => new URL(path, window.location.href).href;
    expect(frame().getAttribute('src')).toBe(onHost('/sandbox/preview/notice?title=&docNo='));
    expect(frame().getAttribute('height')).toBe('240');
    act(() => engine.setValue('ntc_title', '运动会'));
    expect(frame().getAttribute('src')).toBe(onHost(`/sandbox/preview/notice?title=${encodeURIComponent('运动会')}&docNo=`));
    cleanup();
    renderForm({ fields: [{ id: 'f', type: 'iframe', src: 'https://example.com/a?x=1' }] });
    expect((screen.getByTitle('嵌入页面') as HTMLIFrameElement).getAttribute('height')).toBe('200');
  });
});

describe('initial reminder', () => {
  it('counts down before 关闭 enables, in its colour, then closes', async () => {
    vi.useFakeTimers();
    const { engine } = renderForm('leave');
    const button = () => screen.getByRole('button', { name: /我已阅读/ }) as HTMLButtonElement;
    expect(screen.getByText('请假须知')).toBeTruthy();
    expect(button().textContent).toBe('我已阅读（5s）');
    expect(button().disabled).toBe(true);
    for (let i = 0; i < 5; i++) act(() => void vi.advanceTimersByTime(1000));
    expect(button().textContent).toBe('我已阅读');
    expect(button().disabled).toBe(false);
    expect(button().style.color).toBe('rgb(22, 119, 255)');
    act(() => fireEvent.click(button()));
    expect(engine.getMeta().reminderOpen).toBe(false);
  });

  it('defaults: 提示 and 关闭; none when disabled or read-only', async () => {
    renderForm({ initialReminder: { content: '注意事项' }, fields: [] });
    await ready();
    expect(screen.getByText(REMINDER_DEFAULT_TITLE)).toBeTruthy();
    expect(screen.getByRole('button', { name: REMINDER_DEFAULT_CLOSE })).toBeTruthy();
    expect([REMINDER_DEFAULT_TITLE, REMINDER_DEFAULT_CLOSE]).toEqual(['提示', '关闭']);
    cleanup();
    renderForm({ initialReminder: { content: '注意事项', disabled: true }, fields: [] });
    expect(screen.queryByText('注意事项')).toBeNull();
    cleanup();
    renderForm('leave', { mode: 'readonly' });
    expect(screen.queryByText('请假须知')).toBeNull();
  });
});

describe('subform', () => {
  const definition: FormDefinition = {
    fields: [
      {
        id: 'items',
        type: 'subform',
        title: '明细',
        required: true,
        maxCount: 2,
        children: [
          { id: 'name', type: 'input', title: '名称', required: true },
          { id: 'qty', type: 'number', title: '数量', min: 1 },
        ],
      },
    ],
  };

  it('adds a row in a sheet, checks it on 保存, cancels back, and removes', async () => {
    const { engine } = renderForm(definition);
    await ready();
    fireEvent.click(screen.getByRole('button', { name: /添加明细/ }));
    await ready();
    const sheet = screen.getByRole('dialog', { name: '明细' });
    fireEvent.click(within(sheet).getByRole('button', { name: '保存' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('请选择名称');
    fireEvent.change(within(sheet).getByRole('textbox', { name: '名称' }), { target: { value: '笔' } });
    expect(within(sheet).queryByRole('alert')).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: '保存' }));
    await ready();
    const row = screen.getByRole('region', { name: '明细 第1行' });
    expect(within(row).getByText('笔')).toBeTruthy();
    // Edit then cancel: the saved row comes back.
    fireEvent.click(within(row).getByRole('button', { name: '编辑 第1行' }));
    await ready();
    fireEvent.change(within(screen.getByRole('dialog', { name: '明细' })).getByRole('textbox', { name: '名称' }), { target: { value: '尺' } });
    fireEvent.click(within(screen.getByRole('dialog', { name: '明细' })).getByRole('button', { name: '取消' }));
    await ready();
    expect(within(screen.getByRole('region', { name: '明细 第1行' })).getByText('笔')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除 第1行' }));
    await ready();
    expect(screen.getByText('暂无数据')).toBeTruthy();
    act(() => {
      expect(engine.validate().ok).toBe(false);
    });
    expect(screen.getByRole('alert').textContent).toBe('请添加明细');
  });

  it('read-only rows show their values', async () => {
    renderForm('studentInfo', {
      mode: 'readonly',
      initialData: {
        code: 'studentInfo',
        mainTable: { id: 'stu_info_change', fields: [] },
        subTable: [{ id: 'stu_family', subDatas: [{ id: 'f1', type: 0, fields: [{ id: 'stu_family_name', key: 'name', value: '张父' }, { id: 'stu_family_relation', key: 'relation', value: '1' }] }] }],
      },
    });
    await ready();
    const row = screen.getByRole('region', { name: '家庭成员 第1行' });
    expect(within(row).getByText('爸爸')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
