import { storageRulesFromForm, storageRulesToForm } from '@parceldesk/shared/schemas/pricing-settings';
import type { PlatformSettingsForm, PlatformSettingsInput } from '@parceldesk/shared/schemas/platform-settings';
import type { PlatformSettingsView } from '../api/platform-settings';

/** What the server keeps, as the form shows it: storage cap in J$ and reminder days as "7, 14" (the courier's storage form uses the same conversion). */
export function toForm(saved: PlatformSettingsView): PlatformSettingsForm {
  return {
    fees: { ...saved.fees },
    volumetricDivisor: saved.volumetricDivisor,
    storageRules: storageRulesToForm(saved.storageRules),
    ticketDepartments: [...saved.ticketDepartments],
    membershipRates: saved.membershipRates.map((rate) => ({ ...rate })),
    sender: { name: saved.sender.name ?? '', email: saved.sender.email ?? '' },
  };
}

export function toInput(form: PlatformSettingsForm): PlatformSettingsInput {
  return {
    ...form,
    ticketDepartments: form.ticketDepartments.map((name) => name.trim()),
    storageRules: storageRulesFromForm(form.storageRules),
    sender: { name: form.sender.name?.trim() || null, email: form.sender.email?.trim() || null },
  };
}
