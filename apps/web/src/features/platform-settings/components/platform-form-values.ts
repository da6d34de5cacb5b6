import { fromCents, toCents } from '@parceldesk/shared/domain/money';
import type { PlatformSettingsForm, PlatformSettingsInput } from '@parceldesk/shared/schemas/platform-settings';
import type { PlatformSettingsView } from '../api/platform-settings';

/** What the server keeps, as the form shows it: storage cap in J$ and reminder days as "7, 14" (the courier's storage form does the same). */
export function toForm(saved: PlatformSettingsView): PlatformSettingsForm {
  const rules = saved.storageRules;
  return {
    fees: { ...saved.fees },
    volumetricDivisor: saved.volumetricDivisor,
    storageRules: {
      thresholdDays: rules.thresholdDays, reminderDays: rules.reminderDays.join(', '), feeMode: rules.feeMode,
      cap: rules.capCents === null ? undefined : fromCents(rules.capCents), abandonmentDays: rules.abandonmentDays,
    },
    ticketDepartments: [...saved.ticketDepartments],
    membershipRates: saved.membershipRates.map((rate) => ({ ...rate })),
    sender: { name: saved.sender.name ?? '', email: saved.sender.email ?? '' },
  };
}

export function toInput(form: PlatformSettingsForm): PlatformSettingsInput {
  const rules = form.storageRules;
  return {
    ...form,
    ticketDepartments: form.ticketDepartments.map((name) => name.trim()),
    storageRules: {
      thresholdDays: rules.thresholdDays,
      reminderDays: rules.reminderDays.trim() === '' ? [] : [...new Set(rules.reminderDays.split(',').map((day) => Number(day.trim())))].sort((a, b) => a - b),
      feeMode: rules.feeMode,
      capCents: rules.feeMode === 'per_day' && rules.cap !== undefined ? toCents(rules.cap) : null,
      abandonmentDays: rules.abandonmentDays,
    },
    sender: { name: form.sender.name?.trim() || null, email: form.sender.email?.trim() || null },
  };
}
