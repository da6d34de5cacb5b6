import { describe, expect, it } from 'vitest';
import { addressLines, personaliseAddress } from './shipping-address';

const customer = { fullName: 'Ana Brown', mailboxNumber: 'ABC-000042' };
const AIR = ['ParcelDesk Air', '8400 NW 25th St', 'Suite 100', 'Doral', 'FL', '33198'].join('\n');

describe('personaliseAddress', () => {
  it('puts the customer\'s name on line 1 and their mailbox on line 2', () => {
    expect(personaliseAddress(AIR, customer)).toEqual(['Ana Brown', '8400 NW 25th St', 'Suite 100 ABC-000042', 'Doral', 'FL', '33198']);
  });

  it('fills a {mailbox} or [MAILBOX] placeholder instead of appending', () => {
    const withBraces = AIR.replace('Suite 100', 'Suite {mailbox}');
    expect(personaliseAddress(withBraces, customer)[2]).toBe('Suite ABC-000042');
    const withBrackets = AIR.replace('Suite 100', '[ MAILBOX ] Unit');
    expect(personaliseAddress(withBrackets, customer)[2]).toBe('ABC-000042 Unit');
  });

  it('ignores blank lines, surrounding spaces and Windows line endings', () => {
    const messy = '\r\n  ParcelDesk Air  \r\n8400 NW 25th St\r\n\r\nSuite 100\r\nDoral\r\nFL\r\n33198\r\n';
    expect(personaliseAddress(messy, customer)).toEqual(['Ana Brown', '8400 NW 25th St', 'Suite 100 ABC-000042', 'Doral', 'FL', '33198']);
  });

  it('shows nothing until the courier has published all six lines', () => {
    expect(personaliseAddress('ParcelDesk Air\n8400 NW 25th St\nDoral\nFL\n33198', customer)).toEqual([]);
    expect(personaliseAddress('', customer)).toEqual([]);
    expect(personaliseAddress(null, customer)).toEqual([]);
    expect(personaliseAddress(undefined, customer)).toEqual([]);
  });
});

describe('addressLines', () => {
  it('splits into trimmed non-empty lines', () => {
    expect(addressLines(' a \n\n b\r\nc ')).toEqual(['a', 'b', 'c']);
  });
});
