/**
 * Issue 14, reports: the date range presets, on Jamaica's calendar (UTC-5 all year; the one
 * local-time rule of apps/api/src/lib/local-time.ts). Pure: "today" comes in as 'YYYY-MM-DD'.
 * Weeks start on Monday, as PostgreSQL's date_trunc('week') counts them.
 */
export const REPORT_PRESETS = ['today', 'this_week', 'this_month', 'last_month', 'this_year', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  today: 'Today', this_week: 'This week', this_month: 'This month', last_month: 'Last month', this_year: 'This year', custom: 'Custom',
};

export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export interface DayRange { from: string; to: string }

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** Today's date in Jamaica at the given instant. */
export function jamaicaToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Jamaica', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The first and last day (both included) of a preset, or the custom days as given. */
export function resolveReportRange(preset: ReportPreset, today: string, custom?: Partial<DayRange>): DayRange {
  const day = utc(today);
  const y = day.getUTCFullYear();
  const m = day.getUTCMonth();
  switch (preset) {
    case 'today': return { from: today, to: today };
    case 'this_week': {
      const monday = new Date(day);
      monday.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
      return { from: iso(monday), to: today };
    }
    case 'this_month': return { from: iso(new Date(Date.UTC(y, m, 1))), to: today };
    case 'last_month': return { from: iso(new Date(Date.UTC(y, m - 1, 1))), to: iso(new Date(Date.UTC(y, m, 0))) };
    case 'this_year': return { from: `${y}-01-01`, to: today };
    case 'custom': return { from: custom?.from ?? today, to: custom?.to ?? today };
  }
}

/** Days in a range, both ends included. */
export function daysIn(range: DayRange): number {
  return Math.round((utc(range.to).getTime() - utc(range.from).getTime()) / 86_400_000) + 1;
}

/** The grouping a range reads best in when none is chosen: days up to a month, weeks up to a quarter, then months. */
export function defaultGrouping(range: DayRange): ReportGrouping {
  const days = daysIn(range);
  return days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
}
