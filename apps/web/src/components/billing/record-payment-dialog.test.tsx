import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import type { PaymentDetail } from '@parceldesk/shared/schemas/payments';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { RecordPaymentDialog } from './record-payment-dialog';
import '../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn(), recorded: vi.fn(), close: vi.fn() }));
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  api: (await import('../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

beforeEach(() => vi.clearAllMocks());

const INVOICES = [
  { id: '5b0c3c8e-8a57-4d0e-9b36-0d7b7b0c0001', invoiceNo: 'INV-000101', balanceCents: 150_000 },
  { id: '5b0c3c8e-8a57-4d0e-9b36-0d7b7b0c0002', invoiceNo: 'INV-000102', balanceCents: 80_050 },
];

function answer(body: { amountCents: number; method: PaymentDetail['method']; reference?: string | null }): PaymentDetail {
  return {
    id: '9f1f8a39-7a0e-4f64-9d0b-6c2f4b6d0001', paymentNo: 'RCT-000007', courierId: 'c', courierName: 'Island Express',
    customer: { id: 'cu', name: 'Tanya Brown', mailboxNumber: 'IEX-000123' }, method: body.method, reference: body.reference ?? null,
    amountCents: body.amountCents, status: 'recorded', note: null, recordedBy: { id: 'u', name: 'Kim Clerk' }, recordedAt: '2026-11-24T15:00:00.000Z',
    voidReason: null, voidedBy: null, voidedAt: null,
    allocations: [{ invoiceId: INVOICES[1]!.id, invoiceNo: 'INV-000102', amountCents: body.amountCents, invoiceTotalCents: 80_050, invoiceBalanceCents: 0, invoiceStatus: 'paid' }],
    events: [],
  };
}

function setup(invoiceId?: string) {
  return renderWithProviders(
    <RecordPaymentDialog opened onClose={mocks.close} customer={{ id: '1c0f7f4e-6b6e-4bb4-9d53-3c1a1c2a0001', name: 'Tanya Brown' }} invoices={INVOICES} invoiceId={invoiceId} onRecorded={mocks.recorded} />,
  );
}

describe('RecordPaymentDialog', () => {
  it('records a card payment for the invoice it was opened from, in cents, with an Idempotency-Key', async () => {
    mocks.api.mockImplementation(async (_path: string, options: { body: Parameters<typeof answer>[0] }) => answer(options.body));
    const { user } = setup(INVOICES[1]!.id);
    const amount = screen.getByLabelText(/Amount \(J\$\)/) as HTMLInputElement;
    expect(amount.value).toBe('800.50');
    expect(screen.getByText('Due: J$800.50')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Method'), 'card');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Enter the reference (card terminal or bank transfer reference)')).toBeTruthy();
    await user.type(screen.getByLabelText(/Terminal reference/), 'TERM-7781');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(mocks.recorded).toHaveBeenCalled());
    const [path, options] = mocks.api.mock.calls[0] as [string, { method: string; body: unknown; headers: Record<string, string> }];
    expect(path).toBe('/payments');
    expect(options.body).toEqual({
      customerId: '1c0f7f4e-6b6e-4bb4-9d53-3c1a1c2a0001', method: 'card', reference: 'TERM-7781', amountCents: 80_050,
      allocations: [{ invoiceId: INVOICES[1]!.id, amountCents: 80_050 }],
    });
    expect(options.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(mocks.success).toHaveBeenCalledWith('Payment recorded: RCT-000007, J$800.50');
    expect(mocks.close).toHaveBeenCalled();
  });

  it('sends oldest first when asked, and shows the server\'s overpay refusal under Amount', async () => {
    const refusal = 'J$2,400.00 is more than this customer owes on the chosen invoices (J$2,300.50). Overpaying an invoice is not allowed.';
    mocks.api.mockRejectedValue(new ApiError(409, refusal, { amountCents: refusal }));
    const { user } = setup();
    expect((screen.getByLabelText('Apply to') as HTMLSelectElement).value).toBe('oldest');
    const amount = screen.getByLabelText(/Amount \(J\$\)/);
    await user.clear(amount);
    await user.type(amount, '2,400');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect((mocks.api.mock.calls[0]?.[1] as { body: { amountCents: number; allocations: unknown } }).body).toMatchObject({ amountCents: 240_000, allocations: null });
    expect(mocks.close).not.toHaveBeenCalled();
  });

  it('settles several chosen invoices at once: the amount split in the order listed, and more than they owe refused before sending', async () => {
    mocks.api.mockImplementation(async (_path: string, options: { body: Parameters<typeof answer>[0] }) => answer(options.body));
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText('Apply to'), 'choose');
    const first = screen.getByRole('checkbox', { name: 'INV-000101 (balance J$1,500.00)' }) as HTMLInputElement;
    const second = screen.getByRole('checkbox', { name: 'INV-000102 (balance J$800.50)' }) as HTMLInputElement;
    expect([first.checked, second.checked]).toEqual([true, true]);
    expect(screen.getByText('Due: J$2,300.50')).toBeTruthy();

    const amount = screen.getByLabelText(/Amount \(J\$\)/) as HTMLInputElement;
    await user.clear(amount);
    await user.type(amount, '2400');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('J$2,400.00 is more than this customer owes on the chosen invoices (J$2,300.50). Overpaying an invoice is not allowed.')).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();

    // Unticking one sets the amount to what the rest owe; ticking it back, to both.
    await user.click(first);
    expect(amount.value).toBe('800.50');
    await user.click(first);
    expect(amount.value).toBe('2300.50');
    await user.clear(amount);
    await user.type(amount, '1800');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(mocks.recorded).toHaveBeenCalled());
    expect((mocks.api.mock.calls[0]?.[1] as { body: unknown }).body).toMatchObject({
      amountCents: 180_000,
      allocations: [{ invoiceId: INVOICES[0]!.id, amountCents: 150_000 }, { invoiceId: INVOICES[1]!.id, amountCents: 30_000 }],
    });
  });

  it('asks for at least one invoice when none is ticked', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText('Apply to'), 'choose');
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Choose at least one invoice')).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();
  });

  it('refuses an amount with fractions of a cent before sending', async () => {
    const { user } = setup();
    const amount = screen.getByLabelText(/Amount \(J\$\)/);
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Enter the amount in J$ with at most two decimals')).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();
  });
});
