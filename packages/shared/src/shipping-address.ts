/**
 * A courier's US warehouse address is six lines: Name, Address Line One, Address Line Two
 * (where the mailbox number goes), City, State, Zip (spec section 2, settings tab 0).
 * A customer sees it with their own name and mailbox number filled in.
 */
export const ADDRESS_LINE_NAMES = ['Name', 'Address Line One', 'Address Line Two', 'City', 'State', 'Zip'] as const;

const MAILBOX_PLACEHOLDER = /\{\s*mailbox\s*\}|\[\s*mailbox\s*\]/i;

export function addressLines(text: string | null | undefined): string[] {
  return (text ?? '').split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0);
}

export function personaliseAddress(
  courierAddress: string | null | undefined,
  customer: { fullName: string; mailboxNumber: string },
): string[] {
  const lines = addressLines(courierAddress);
  if (lines.length < ADDRESS_LINE_NAMES.length) return [];
  const [, lineOne, lineTwo, ...rest] = lines;
  const personalLineTwo = MAILBOX_PLACEHOLDER.test(lineTwo ?? '')
    ? (lineTwo ?? '').replace(MAILBOX_PLACEHOLDER, customer.mailboxNumber)
    : `${lineTwo ?? ''} ${customer.mailboxNumber}`.trim();
  return [customer.fullName, lineOne ?? '', personalLineTwo, ...rest];
}
