import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { REPORT_GROUPINGS, REPORT_PRESET_LABELS, REPORT_PRESETS, type ReportGrouping, type ReportPreset } from '@parceldesk/shared/domain/report-range';
import { SERVICE_LABELS, SERVICES, type Service } from '@parceldesk/shared/schemas/packages';
import { REPORT_KINDS, REPORT_LABELS, REPORT_MSG, type ReportKind, type ReportResponse } from '@parceldesk/shared/schemas/reports';
import type { ReportFilters } from '../api/reports';

interface Props {
  report: ReportKind;
  onReport: (report: ReportKind) => void;
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
  options: ReportResponse['options'] | undefined;
  /** The super admin's courier filter. */
  showCourier: boolean;
}

const GROUP_LABELS: Record<ReportGrouping, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** The report and its filters; every control is a labelled field, so the screen works by keyboard. */
export function ReportFiltersBar({ report, onReport, filters, onChange, options, showCourier }: Props) {
  const set = (patch: Partial<ReportFilters>) => onChange({ ...filters, ...patch });
  const toError = filters.preset === 'custom' && filters.from && filters.to && filters.to < filters.from ? REPORT_MSG.toBeforeFrom : null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Select
        label="Report" data={REPORT_KINDS.map((value) => ({ value, label: REPORT_LABELS[value] }))} value={report}
        onChange={(value) => value && onReport(value as ReportKind)} allowDeselect={false}
      />
      <Select
        label="Dates" data={REPORT_PRESETS.map((value) => ({ value, label: REPORT_PRESET_LABELS[value] }))} value={filters.preset}
        onChange={(value) => value && set({ preset: value as ReportPreset })} allowDeselect={false}
      />
      {filters.preset === 'custom' && (
        <Group grow gap="xs" align="flex-start">
          <TextInput type="date" label="From" value={filters.from} onChange={(e) => set({ from: e.currentTarget.value })} error={filters.from ? null : REPORT_MSG.fromRequired} />
          <TextInput type="date" label="To" value={filters.to} onChange={(e) => set({ to: e.currentTarget.value })} error={toError ?? (filters.to ? null : REPORT_MSG.toRequired)} />
        </Group>
      )}
      <Select
        label="Group by" placeholder="Automatic" clearable data={REPORT_GROUPINGS.map((value) => ({ value, label: GROUP_LABELS[value] }))}
        value={filters.groupBy || null} onChange={(value) => set({ groupBy: (value ?? '') as ReportGrouping | '' })}
      />
      {showCourier && (
        <Select
          label="Courier" placeholder="All couriers" clearable searchable data={options?.couriers ?? []}
          value={filters.courierId || null} onChange={(value) => set({ courierId: value ?? '', branchId: '' })}
        />
      )}
      <Select
        label="Branch" placeholder={options?.branches.length ? 'All branches' : 'Choose a courier first'} clearable data={options?.branches ?? []}
        disabled={!options?.branches.length} value={filters.branchId || null} onChange={(value) => set({ branchId: value ?? '' })}
      />
      <Select
        label="Service" placeholder="All services" clearable data={SERVICES.map((value) => ({ value, label: SERVICE_LABELS[value] }))}
        value={filters.service || null} onChange={(value) => set({ service: (value ?? '') as Service | '' })}
      />
    </SimpleGrid>
  );
}
