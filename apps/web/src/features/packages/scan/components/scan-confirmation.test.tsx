import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { detail } from '../../test/fixtures';
import { renderRoutes } from '../../../../test/render';
import { ScanConfirmation } from './scan-confirmation';
import '../../../../test/contract-api';

const server = vi.hoisted(() => ({ calls: [] as { path: string; method: string; body: unknown }[] }));
vi.mock('../../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api-client')>()),
  api: (await import('../../../../test/contract-api')).contractChecked(vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    server.calls.push({ path, method: options.method ?? 'GET', body: options.body });
    return { id: 'ph1', kind: 'photo', fileName: 'image.jpg', contentType: 'image/jpeg', size: 1000, url: '/api/package-files/ph1', createdAt: '2026-11-19T11:00:00.000Z' };
  })),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../lib/toast', () => ({ notify: toast }));

beforeEach(() => {
  vi.clearAllMocks();
  server.calls = [];
});

describe('scan confirmation photo step', () => {
  it('after save offers the phone camera for a photo of the parcel and sends it to the package', async () => {
    renderRoutes({ '/staff/scan': <ScanConfirmation confirmation={{ kind: 'saved', response: { outcome: 'received', message: 'Received', package: detail } }} root="/staff" /> }, '/staff/scan');
    expect(screen.getByRole('button', { name: 'Add photo of ISL-P-0000042' })).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.accept).toBe('image/*');
    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'image.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Photo added'));
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /packages/p1/photos']);
    expect(await screen.findByRole('button', { name: 'Add another photo of ISL-P-0000042' })).toBeTruthy();
  });

  it('offers no photo step when the scan was only queued offline', () => {
    renderRoutes({ '/staff/scan': <ScanConfirmation confirmation={{ kind: 'queued', trackingNumber: '1Z999' }} root="/staff" /> }, '/staff/scan');
    expect(screen.queryByRole('button', { name: /Add photo/ })).toBeNull();
  });
});
