/** The eight tabs of spec section 2, in order, then issue 17's; the index is the `?tab=` value. */
export const SETTINGS_TABS = [
  'Company Info',
  'Shipping Rates',
  'Additional Fees',
  'Processing Fees',
  'Bank Details',
  'Email Configuration',
  'Rate Sheet',
  'Change Password',
  'Webhooks',
  // Issue 17: API keys and the packing-system connection.
  'Integrations',
] as const;

/** `?tab=3` → 3; anything else opens the first tab. */
export function tabFromSearch(value: string | null): number {
  const index = Number(value);
  return Number.isInteger(index) && index >= 0 && index < SETTINGS_TABS.length ? index : 0;
}
