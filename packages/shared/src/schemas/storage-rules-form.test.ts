import { describe, expect, it } from 'vitest';
import { storageRulesFromForm, storageRulesToForm } from './pricing-settings';

describe('storage rules between the form and the API', () => {
  it('shows reminder days as a list and the cap in J$, and reads them back as saved', () => {
    const saved = { thresholdDays: 15, reminderDays: [7, 14], feeMode: 'per_day' as const, capCents: 250_050, abandonmentDays: 60 };
    const form = storageRulesToForm(saved);
    expect(form).toEqual({ thresholdDays: 15, reminderDays: '7, 14', feeMode: 'per_day', cap: 2500.5, abandonmentDays: 60 });
    expect(storageRulesFromForm(form)).toEqual(saved);
  });

  it('sorts typed reminder days without repeats and keeps a cap only for per-day fees', () => {
    const typed = { thresholdDays: 10, reminderDays: ' 14, 7,14 ', feeMode: 'once' as const, cap: 100, abandonmentDays: 30 };
    expect(storageRulesFromForm(typed)).toEqual({ thresholdDays: 10, reminderDays: [7, 14], feeMode: 'once', capCents: null, abandonmentDays: 30 });
    expect(storageRulesFromForm({ ...typed, reminderDays: '  ' }).reminderDays).toEqual([]);
  });
});
