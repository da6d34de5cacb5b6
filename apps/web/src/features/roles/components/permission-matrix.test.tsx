import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { moduleState, permissionGroups, setModule } from './permission-groups';
import { PermissionMatrix } from './permission-matrix';

function Harness({ initial, onChange }: { initial: string[]; onChange?: (next: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return <PermissionMatrix value={value} onChange={(next) => { setValue(next); onChange?.(next); }} />;
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('permission groups', () => {
  it('groups by the part before the first underscore, in catalogue order', () => {
    const groups = permissionGroups(['dashboard_view', 'packages_view', 'packages_scan', 'delivery_requests_view']);
    expect(groups.map((g) => [g.module, g.permissions.map((p) => p.name)])).toEqual([
      ['dashboard', ['dashboard_view']],
      ['packages', ['packages_view', 'packages_scan']],
      ['delivery', ['delivery_requests_view']],
    ]);
    expect(groups[2]?.label).toBe('Delivery Requests');
  });

  it('tells all, some or none of a module', () => {
    const module = ['customers_view', 'customers_business', 'customers_manage'];
    expect(moduleState([], module)).toBe('none');
    expect(moduleState(['customers_view', 'dashboard_view'], module)).toBe('some');
    expect(moduleState(module, module)).toBe('all');
  });

  it('select all adds or removes only that module and keeps catalogue order', () => {
    const module = ['staff_view', 'staff_manage'];
    expect(setModule(['settings_view', 'dashboard_view'], module, true)).toEqual(['dashboard_view', 'staff_view', 'staff_manage', 'settings_view']);
    expect(setModule(['dashboard_view', 'staff_view', 'staff_manage'], module, false)).toEqual(['dashboard_view']);
  });
});

describe('PermissionMatrix', () => {
  it('renders a named fieldset per module with a labelled checkbox per permission', () => {
    renderWithProviders(<Harness initial={['customers_view']} />);
    const customers = screen.getByRole('group', { name: 'Customers' });
    expect(within(customers).getByRole('checkbox', { name: 'View customers' })).toHaveProperty('checked', true);
    expect(within(customers).getByRole('checkbox', { name: 'Edit customers' })).toHaveProperty('checked', false);
    // A single-permission module needs no select-all.
    const dashboard = screen.getByRole('group', { name: 'Dashboard' });
    expect(within(dashboard).getAllByRole('checkbox')).toHaveLength(1);
  });

  it('shows a partly chosen module as indeterminate, and select all fills it', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={['customers_view', 'dashboard_view']} onChange={onChange} />);
    const all = box('Select all Customers permissions');
    expect(all.checked).toBe(false);
    expect(all.getAttribute('data-indeterminate') ?? String(all.indeterminate)).toBe('true');
    fireEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith(['dashboard_view', 'customers_view', 'customers_business', 'customers_manage']);
    expect(box('Select all Customers permissions').checked).toBe(true);
    expect(box('Edit customers').checked).toBe(true);
  });

  it('clearing select all empties only that module', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={['dashboard_view', 'staff_view', 'staff_manage']} onChange={onChange} />);
    expect(box('Select all Staff permissions').checked).toBe(true);
    fireEvent.click(box('Select all Staff permissions'));
    expect(onChange).toHaveBeenLastCalledWith(['dashboard_view']);
    expect(box('View staff').checked).toBe(false);
    expect(box('View dashboard').checked).toBe(true);
  });

  it('ticking the last permission of a module checks its select all', () => {
    renderWithProviders(<Harness initial={['payments_view']} />);
    fireEvent.click(box('Record payments'));
    expect(box('Select all Payments permissions').checked).toBe(true);
  });
});
