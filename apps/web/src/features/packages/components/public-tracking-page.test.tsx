import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TrackingResult } from '@parceldesk/shared/schemas/packages';
import { ApiError } from '../../../lib/api-client';
import type { BrandingValue } from '../../../lib/branding';
import { renderRoutes } from '../../../test/render';
import { PublicTrackingPage } from './public-tracking-page';
import '../../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const branding = vi.hoisted(() => ({ current: {} as BrandingValue }));
vi.mock('../../../lib/branding', () => ({ useBranding: () => branding.current }));
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as string[] }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(vi.fn(async (path: string) => {
    server.calls.push(path);
    const answer = server.responses[path];
    if (answer instanceof Error || answer === undefined) throw answer ?? new ApiError(404, 'No package found with this number');
    return answer;
  })),
}));

const result: TrackingResult = {
  packageNumber: 'ISL-P-0000042', trackingNumber: '1Z999AA10123456784', carrier: 'ups', service: 'air', status: 'received',
  statusLabel: 'Received', nextStep: 'It will travel on the next shipment of its service.', recipientInitial: 'T.', courierName: 'Island Express',
  receivedAt: '2026-11-20T14:00:00.000Z',
  events: [{ status: 'received', label: 'Received', location: 'Miami warehouse', at: '2026-11-20T14:00:00.000Z' }],
};

beforeEach(() => {
  server.calls = [];
  server.responses = { '/track/1Z999AA10123456784?api_key=key-1': result };
  branding.current = { courier: { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null, supports_membership: false, login_notice: null }, apiKey: 'key-1', loading: false };
});

describe('PublicTrackingPage', () => {
  it('looks a number up within the branded courier and shows the timeline in customer words', async () => {
    renderRoutes({ '/track': <PublicTrackingPage /> }, '/track');
    expect(screen.getByAltText('Island Express logo')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Tracking or package number' }), { target: { value: '1Z999AA10123456784' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track' }));
    const card = await screen.findByRole('region', { name: 'ISL-P-0000042' });
    expect(within(card).getByText('T.')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Status history' }).textContent).toContain('Received');
    expect(screen.getByTestId('where').textContent).toBe('/track?number=1Z999AA10123456784');
  });

  it('checks the number before asking, and says when nothing matches', async () => {
    renderRoutes({ '/track': <PublicTrackingPage /> }, '/track');
    fireEvent.change(screen.getByRole('textbox', { name: 'Tracking or package number' }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText('Tracking number must be 6 to 40 letters or digits')).toBeTruthy();
    expect(server.calls).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Tracking or package number' }), { target: { value: 'NOPE123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No package found with this number');
  });

  it('asks for the courier\'s link when no courier is known', async () => {
    branding.current = { courier: null, apiKey: null, loading: false };
    renderRoutes({ '/track': <PublicTrackingPage /> }, '/track?number=1Z999AA10123456784');
    expect(await screen.findByText('Which courier?')).toBeTruthy();
    await waitFor(() => expect(server.calls).toEqual([]));
  });
});
