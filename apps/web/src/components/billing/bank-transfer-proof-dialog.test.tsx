import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import type { PaymentProof } from '@parceldesk/shared/schemas/payments';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { BankTransferProofDialog } from './bank-transfer-proof-dialog';
import '../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn(), sent: vi.fn(), close: vi.fn() }));
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  api: (await import('../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

beforeEach(() => vi.clearAllMocks());

const PROOF: PaymentProof = {
  id: 'p1', invoiceId: 'i1', invoiceNo: 'INV-000101', customer: { id: 'c1', name: 'Tanya Brown', mailboxNumber: 'IEX-000123' },
  amountCents: 50_000, reference: 'NCB-1', status: 'pending', reason: null, reviewedByName: null, reviewedAt: null, paymentId: null, paymentNo: null,
  file: { fileName: 'transfer.png', contentType: 'image/png', url: '/api/payment-proofs/p1/file' }, courierId: 'co', courierName: 'Island Express', createdAt: '2026-11-24T15:00:00.000Z',
};

function setup() {
  return renderWithProviders(
    <BankTransferProofDialog opened onClose={mocks.close} invoiceNo="INV-000101" balanceCents={97_750} bankDetails={'NCB\nAccount no. 354-123-456'} onSent={mocks.sent} />,
  );
}

describe('BankTransferProofDialog', () => {
  it('asks for the proof, then sends amount in cents, reference and the file as multipart', async () => {
    mocks.api.mockResolvedValue(PROOF);
    const { user } = setup();
    expect(screen.getByText(/Balance due: J\$977\.50/)).toBeTruthy();
    expect(screen.getByText(/Account no\. 354-123-456/)).toBeTruthy();
    const amount = screen.getByLabelText(/Amount transferred/);
    await user.clear(amount);
    await user.type(amount, '500');
    await user.type(screen.getByLabelText(/Bank reference/), 'NCB-1');
    await user.click(screen.getByRole('button', { name: 'Send proof' }));
    expect(await screen.findByText('Attach the proof of transfer (PDF, JPG or PNG)')).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'transfer.png', { type: 'image/png' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    await user.click(screen.getByRole('button', { name: 'Send proof' }));
    await waitFor(() => expect(mocks.sent).toHaveBeenCalledWith(PROOF));
    const [path, options] = mocks.api.mock.calls[0] as [string, { method: string; body: FormData }];
    expect(path).toBe('/invoices/INV-000101/proof');
    expect(options.method).toBe('POST');
    expect(options.body.get('amountCents')).toBe('50000');
    expect(options.body.get('reference')).toBe('NCB-1');
    expect((options.body.get('proof') as File).name).toBe('transfer.png');
    expect(mocks.success).toHaveBeenCalledWith('Proof of payment sent. We will let you know once it is checked.');
  });

  it('shows the server\'s file refusal on the file field', async () => {
    mocks.api.mockRejectedValue(new ApiError(415, 'The proof must be a PDF, JPG or PNG', { proof: 'The proof must be a PDF, JPG or PNG' }));
    const { user } = setup();
    await user.type(screen.getByLabelText(/Bank reference/), 'NCB-2');
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, new File(['<html>'], 'proof.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Send proof' }));
    expect(await screen.findByText('The proof must be a PDF, JPG or PNG')).toBeTruthy();
    expect(mocks.close).not.toHaveBeenCalled();
  });
});
