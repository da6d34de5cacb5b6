import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CALCULATOR_MSG } from '@parceldesk/shared/schemas/pricing-settings';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { CustomsCalculatorPage } from './customs-calculator-page';
import '../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const OPTIONS = {
  categories: [
    { code: 'general', name: 'General goods', dutyPercent: 20, gctPercent: 15 },
    { code: 'phones_telecom', name: 'Phones and telecom equipment', dutyPercent: 20, gctPercent: 25 },
  ],
  exchangeRate: { jmdCentsPerUsd: 15_650, setOn: '2026-11-01' }, deMinimisUsdCents: 10_000, insuranceAirPercent: 1, insuranceSeaPercent: 1.5,
};
/** The first worked example of packages/shared/src/domain/customs.test.ts, as the server answers it. */
const ESTIMATE = {
  estimate: true,
  category: OPTIONS.categories[0],
  exchangeRate: OPTIONS.exchangeRate,
  deMinimis: false,
  deMinimisUsdCents: 10_000,
  valuation: [
    { code: 'item_value', label: 'Item value', amountCents: 25_000, currency: 'USD' },
    { code: 'shipping_cost', label: 'Shipping cost', amountCents: 2_000, currency: 'USD' },
    { code: 'insurance', label: 'Insurance 1% of item value + shipping (air)', amountCents: 270, currency: 'USD' },
    { code: 'cif_usd', label: 'CIF (cost + insurance + freight)', amountCents: 27_270, currency: 'USD' },
    { code: 'cif_jmd', label: 'CIF in J$ at J$156.50 per US$1', amountCents: 4_267_755, currency: 'JMD' },
  ],
  customs: [
    { code: 'import_duty', label: 'Import duty 20% of CIF (General goods)', amountCents: 853_551, currency: 'JMD' },
    { code: 'scf', label: 'Standard compliance fee (SCF) 0.3% of CIF', amountCents: 12_803, currency: 'JMD' },
    { code: 'envl', label: 'Environmental levy (ENVL) 0.5% of CIF', amountCents: 21_339, currency: 'JMD' },
    { code: 'stamp_duty', label: 'Customs stamp duty (CIF over J$5,500.00)', amountCents: 10_000, currency: 'JMD' },
    { code: 'customs_gct', label: 'GCT on imports 15% of CIF + duty + SCF + ENVL (J$51,554.48)', amountCents: 773_317, currency: 'JMD' },
  ],
  customsTotalCents: 1_671_010,
  courier: [
    { code: 'freight', description: 'Freight AIR 3 lb', amountCents: 120_000 },
    { code: 'processing_fee', description: 'Processing fee (3 lb)', amountCents: 23_000 },
    { code: 'gct', description: 'GCT 15% of freight J$1,200.00', amountCents: 18_000 },
  ],
  courierTotalCents: 161_000,
  chargeableLbs: 3,
  totalCents: 1_832_010,
};

function serve(estimate: unknown = ESTIMATE, options: unknown = OPTIONS) {
  mocks.api.mockImplementation(async (path: string) => {
    if (path === '/customs/options') return options;
    if (path.startsWith('/customs/estimate')) {
      if (estimate instanceof Error) throw estimate;
      return estimate;
    }
    throw new Error(`unexpected ${path}`);
  });
}

function setup() {
  const view = renderWithProviders(<CustomsCalculatorPage />);
  const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input, select' }) as HTMLInputElement;
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Estimate' }));
  return { ...view, field, submit };
}

beforeEach(() => vi.clearAllMocks());

describe('CustomsCalculatorPage', () => {
  it('sends dollars as cents and shows every line in J$ or US$, clearly an estimate', async () => {
    serve();
    const { user, field, submit } = setup();
    await screen.findByRole('form', { name: 'Customs calculator' });
    expect(screen.getByText('Items at or under US$100.00 pay no duty')).toBeTruthy();
    await user.type(field('Item value'), '250');
    await user.type(field('Shipping cost'), '20');
    await user.type(field('Weight'), '3');
    await submit();

    const result = await screen.findByRole('region', { name: 'Estimated total' });
    const call = mocks.api.mock.calls.find(([path]) => String(path).startsWith('/customs/estimate'));
    expect(call?.[0]).toBe('/customs/estimate?itemValueCents=25000&shippingCostCents=2000&weightLbs=3&service=AIR&category=general');
    expect(within(result).getByTestId('estimate-total').textContent).toBe('J$18,320.10');
    expect(within(result).getByText('Estimate only')).toBeTruthy();
    expect(within(result).getByText(/This is an estimate, not a customs assessment/)).toBeTruthy();
    expect(within(result).getByText('US$272.70')).toBeTruthy();
    expect(within(result).getByText('J$42,677.55')).toBeTruthy();
    expect(within(result).getByText('Import duty 20% of CIF (General goods)')).toBeTruthy();
    expect(within(result).getByText('J$8,535.51')).toBeTruthy();
    expect(within(result).getByText('J$16,710.10')).toBeTruthy();
    expect(within(result).getByText('Freight AIR 3 lb')).toBeTruthy();
    expect(within(result).getByText('J$1,610.00')).toBeTruthy();
  });

  it('asks for the dimensions of a sea package and sends nothing without them', async () => {
    serve();
    const { user, field, submit } = setup();
    await screen.findByRole('form', { name: 'Customs calculator' });
    await user.type(field('Item value'), '250');
    await user.type(field('Weight'), '3');
    await user.selectOptions(field('Service'), 'SEA');
    await submit();
    expect((await screen.findAllByText(CALCULATOR_MSG.seaDimensions)).length).toBeGreaterThanOrEqual(3);
    expect(mocks.api.mock.calls.some(([path]) => String(path).startsWith('/customs/estimate'))).toBe(false);
  });

  it("says so when the item is under the de minimis, and shows the server's refusal", async () => {
    serve({ ...ESTIMATE, deMinimis: true, customs: [], customsTotalCents: 0, totalCents: 161_000 });
    const { user, field, submit } = setup();
    await screen.findByRole('form', { name: 'Customs calculator' });
    await user.type(field('Item value'), '80');
    await user.type(field('Weight'), '3');
    await submit();
    expect(await screen.findByText('Item value at or under the de minimis of US$100.00: no duty or customs taxes.')).toBeTruthy();

    serve(new ApiError(422, 'Cannot price a package: the courier has no active shipping rates'));
    await submit();
    await vi.waitFor(() => expect(mocks.error).toHaveBeenCalledWith('Cannot price a package: the courier has no active shipping rates'));
  });

  it('explains that the calculator waits for the courier exchange rate', async () => {
    serve(ESTIMATE, { ...OPTIONS, exchangeRate: null });
    setup();
    expect(await screen.findByText(/has not set its exchange rate yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Estimate' })).toBeNull();
  });
});
