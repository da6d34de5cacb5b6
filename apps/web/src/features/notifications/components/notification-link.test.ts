import { describe, expect, it } from 'vitest';
import { safeAppPath } from './notification-link';

describe('safeAppPath', () => {
  it('follows paths inside the app', () => {
    expect(safeAppPath('/admin/support-tickets?ticket=TKT-000001')).toBe('/admin/support-tickets?ticket=TKT-000001');
  });

  it('does not follow links that leave the app', () => {
    expect(safeAppPath('https://evil.example.com')).toBeNull();
    expect(safeAppPath('//evil.example.com/x')).toBeNull();
    expect(safeAppPath('/\\evil.example.com')).toBeNull();
    expect(safeAppPath(null)).toBeNull();
  });
});
