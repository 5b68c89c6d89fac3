/**
 * Form engines for screens (application/forms/engineScreen.ts): built from the ports,
 * with the engine's notices told through the notifier, so no screen shows them itself.
 */
import { describe, expect, it } from 'vitest';
import { createFormEngineFactory } from '../../../application/forms/engineScreen';
import { FORMS, fakeFormsApi, fakeSelectorsApi } from './forms.fixtures';
import { recordingNotifier } from './screenModels.fixtures';

const settle = async (): Promise<void> => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

describe('the form engine factory', () => {
  it('tells a failed data source through the notifier', async () => {
    const forms = fakeFormsApi();
    forms.fail.add('dictionary:leave_type');
    const notifier = recordingNotifier();
    const factory = createFormEngineFactory({ forms, selectors: fakeSelectorsApi().api, clock: { now: () => 0 } }, notifier);
    const engine = factory.create({ definition: FORMS.leave, mode: 'edit', code: 'leave' });
    await settle();
    expect(notifier.said).toContain('fail:「请假类型」数据源加载失败');
    engine.dispose();
  });
});
