import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { statusBadgeColor, TicketStatusBadge } from './ticket-status-badge';

describe('ticket status colours (spec section 4)', () => {
  it('Pending yellow, In Progress blue, Resolved green, anything else grey', () => {
    expect(statusBadgeColor('pending')).toBe('yellow');
    expect(statusBadgeColor('in_progress')).toBe('blue');
    expect(statusBadgeColor('resolved')).toBe('green');
    expect(statusBadgeColor('closed')).toBe('gray');
    expect(statusBadgeColor('on_hold')).toBe('gray');
  });

  it('shows the label in the colour of its status', () => {
    renderWithProviders(
      <>
        <TicketStatusBadge status="in_progress" />
        <TicketStatusBadge status="archived" />
      </>,
    );
    const inProgress = screen.getByText('In Progress').closest('[data-status]');
    expect(inProgress?.getAttribute('style')).toContain('var(--mantine-color-blue-light-color)');
    // An unknown status reads as itself, in grey.
    expect(screen.getByText('archived').closest('[data-status]')?.getAttribute('style')).toContain('var(--mantine-color-gray-light-color)');
  });
});
