import { describe, expect, it } from 'vitest';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { acceptOf, BULK_RATES_RULE, checkFile, LOGO_RULE, RATE_SHEET_RULE } from './file-checks';

const MB = 1024 * 1024;
function file(name: string, type: string, size = 10): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('checkFile', () => {
  it('takes JPG, PNG and GIF logos up to 5MB', () => {
    expect(checkFile(file('logo.PNG', 'image/png'), LOGO_RULE)).toBeNull();
    expect(checkFile(file('logo.jpeg', ''), LOGO_RULE)).toBeNull();
    expect(checkFile(file('camera-roll', 'image/gif'), LOGO_RULE)).toBeNull();
    expect(checkFile(file('logo.webp', 'image/webp'), LOGO_RULE)).toBe(SETTINGS_MSG.logoNotImage);
    expect(checkFile(file('logo.png', 'image/png', 5 * MB), LOGO_RULE)).toBeNull();
    expect(checkFile(file('logo.png', 'image/png', 5 * MB + 1), LOGO_RULE)).toBe(SETTINGS_MSG.logoTooLarge);
  });

  it('takes .xlsx, .xls and .csv rate files up to 5MB', () => {
    for (const name of ['rates.xlsx', 'rates.XLS', 'rates.csv']) expect(checkFile(file(name, ''), BULK_RATES_RULE)).toBeNull();
    expect(checkFile(file('rates.numbers', ''), BULK_RATES_RULE)).toBe(SETTINGS_MSG.bulkWrongType);
    expect(checkFile(file('rates.csv', 'text/csv', 5 * MB + 1), BULK_RATES_RULE)).toBe(SETTINGS_MSG.bulkTooLarge);
  });

  it('takes PDF, Excel and Word rate sheets up to 10MB', () => {
    for (const name of ['rates.pdf', 'rates.xlsx', 'rates.xls', 'rates.doc', 'rates.docx']) expect(checkFile(file(name, ''), RATE_SHEET_RULE)).toBeNull();
    expect(checkFile(file('rates.txt', 'text/plain'), RATE_SHEET_RULE)).toBe(SETTINGS_MSG.rateSheetWrongType);
    expect(checkFile(file('rates.pdf', 'application/pdf', 10 * MB), RATE_SHEET_RULE)).toBeNull();
    expect(checkFile(file('rates.pdf', 'application/pdf', 10 * MB + 1), RATE_SHEET_RULE)).toBe(SETTINGS_MSG.rateSheetTooLarge);
  });

  it('builds the pickers’ accept attribute', () => {
    expect(acceptOf(LOGO_RULE)).toBe('image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif');
    expect(acceptOf(RATE_SHEET_RULE)).toBe('.pdf,.xlsx,.xls,.doc,.docx');
  });
});
