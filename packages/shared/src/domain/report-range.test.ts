import { describe, expect, it } from 'vitest';
import { defaultGrouping, jamaicaToday, resolveReportRange } from './report-range';

describe('report date presets (Jamaica calendar)', () => {
  it('resolves each preset from a Wednesday in March', () => {
    const today = '2026-03-18';
    expect(resolveReportRange('today', today)).toEqual({ from: today, to: today });
    expect(resolveReportRange('this_week', today)).toEqual({ from: '2026-03-16', to: today });
    expect(resolveReportRange('this_month', today)).toEqual({ from: '2026-03-01', to: today });
    expect(resolveReportRange('last_month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(resolveReportRange('this_year', today)).toEqual({ from: '2026-01-01', to: today });
    expect(resolveReportRange('custom', today, { from: '2025-12-01', to: '2025-12-31' })).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('takes last month across a year end and a Sunday into its week', () => {
    expect(resolveReportRange('last_month', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(resolveReportRange('this_week', '2026-03-22')).toEqual({ from: '2026-03-16', to: '2026-03-22' });
  });

  it('reads today in Jamaica, five hours behind UTC', () => {
    expect(jamaicaToday(new Date('2026-03-01T03:00:00Z'))).toBe('2026-02-28');
    expect(jamaicaToday(new Date('2026-03-01T05:00:00Z'))).toBe('2026-03-01');
  });

  it('groups a month by day, a quarter by week and a year by month', () => {
    expect(defaultGrouping({ from: '2026-03-01', to: '2026-03-31' })).toBe('day');
    expect(defaultGrouping({ from: '2026-01-01', to: '2026-03-31' })).toBe('week');
    expect(defaultGrouping({ from: '2026-01-01', to: '2026-12-31' })).toBe('month');
  });
});
