import { describe, expect, it } from 'vitest';
import { placeholderError, renderTemplate, unknownPlaceholders } from './batch-email-template';

const values = { firstName: 'Tanya', lastName: 'Brown', fullName: 'Tanya Brown', email: 't@x.test', mailbox: 'IEX-000123', courierName: 'Island Express', branchName: 'Kingston' };

describe('batch email placeholders', () => {
  it('fills every known placeholder, spaces inside the braces allowed', () => {
    expect(renderTemplate('Hi {{firstName}} {{ lastName }}, box {{mailbox}} at {{courierName}}', values)).toBe('Hi Tanya Brown, box IEX-000123 at Island Express');
  });

  it('names each unknown placeholder once and says which ones exist', () => {
    expect(unknownPlaceholders('{{frstName}} {{firstName}} {{frstName}} {{}}')).toEqual(['frstName', '']);
    expect(placeholderError('Hello {{frstName}}')).toMatch(/^Unknown placeholder \{\{frstName\}\}\. Use \{\{firstName\}\}/);
    expect(placeholderError('Hello {{firstName}}')).toBeNull();
  });
});
