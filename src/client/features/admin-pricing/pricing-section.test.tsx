// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPricingTier, ProductPricing } from '../../../shared/schemas/admin-pricing';
import { PricingSection } from '../../routes/admin/sections/pricing-section';
import { testPricingCatalog, testProducts } from '../../test-support/api-fixtures';
import { expectFieldProblem, expectNoFieldProblem } from '../../test-support/field-problem';
import { renderWithProviders } from '../../test-support/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../../test-support/stub-fetch';

type Handlers = Parameters<typeof stubFetch>[0];
type Call = { path: string; method: string; body: unknown };

const tiers: AdminPricingTier[] = testPricingCatalog.tiers.map((tier) => ({ ...tier }));
tiers[1] = { ...tiers[1]!, discountPercentage: 7.5 };

const customPrice: ProductPricing = {
  id: 9,
  productId: 1,
  productName: '4 oz bottle',
  sku: '800-0001',
  tierId: 2,
  tierName: 'Retailer',
  minimumCases: 2,
  price: 8.5,
};

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The pricing API with `overrides`; every non-GET call is recorded with its parsed body. */
function stubPricingApi(overrides: Handlers = {}) {
  const calls: Call[] = [];
  const record =
    (handler: Handlers[string] | undefined, fallback: Handlers[string]): Handlers[string] =>
    (request) => {
      const method = request.init?.method ?? 'GET';
      if (method !== 'GET') {
        const raw = request.init?.body;
        calls.push({
          path: request.path,
          method,
          body: typeof raw === 'string' ? JSON.parse(raw) : undefined,
        });
      }
      return (handler ?? fallback)(request);
    };
  const defaults: Handlers = {
    '/api/admin/pricing-tiers': () => jsonResponse(tiers),
    '/api/admin/product-pricing-tiers': () => jsonResponse([customPrice]),
    '/api/products': () => jsonResponse(testProducts),
  };
  const paths = new Set([...Object.keys(defaults), ...Object.keys(overrides)]);
  const handlers: Handlers = {};
  for (const path of paths) {
    handlers[path] = record(overrides[path], defaults[path] ?? (() => errorResponse(404, 'nope')));
  }
  const fetchMock = stubFetch(handlers);
  return { calls, fetchMock };
}

const tiersSection = () => screen.getByRole('region', { name: 'Volume Tiers' });
const customSection = () => screen.getByRole('region', { name: 'Custom Product Pricing' });

async function renderSection() {
  renderWithProviders(<PricingSection />);
  await screen.findByText('Distributor');
  await within(customSection()).findByText('$8.50');
}

describe('PricingSection', () => {
  it('shows the heading, the tiers and the custom prices as the spec words them', async () => {
    stubPricingApi();
    await renderSection();

    expect(screen.getByRole('heading', { name: 'Pricing Management' })).toBeInTheDocument();
    expect(screen.getByText('Manage volume pricing tiers and discounts.')).toBeInTheDocument();
    const rows = within(tiersSection()).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Starter5% off from 1 caseMinimum: 1 case', '1 case', '5%'],
      ['Retailer7% off from 2 casesMinimum: 2 cases', '2 cases', '7.5%'],
      ['Volume10% off from 3 casesMinimum: 3 cases', '3 cases', '10%'],
      ['Distributor15% off from 5 casesMinimum: 5 cases', '5 cases', '15%'],
    ]);
    const priceRow = within(customSection()).getAllByRole('row')[1]!;
    expect(
      within(priceRow)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['4 oz bottle800-0001', 'Retailerfrom 2 cases', '$8.50']);
  });

  it('offers every product but the tester and the bundle, and every tier', async () => {
    stubPricingApi();
    await renderSection();
    const product = within(customSection()).getByLabelText('Product');
    await waitFor(() =>
      expect(
        within(product)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'Select a product',
        '4 oz bottle (800-0001)',
        '1 oz bottle (800-0002)',
        '50/50 split pack (SPLIT-PACK-01)',
      ]),
    );
    const tier = within(customSection()).getByLabelText('Tier');
    expect(
      within(tier)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a tier',
      'Starter (5% from 1 case)',
      'Retailer (7.5% from 2 cases)',
      'Volume (10% from 3 cases)',
      'Distributor (15% from 5 cases)',
    ]);
  });

  it('adds a tier: the required-fields message first, then the numbers sent, a toast and a fresh list', async () => {
    const { calls, fetchMock } = stubPricingApi({
      '/api/admin/pricing-tiers': ({ init }) =>
        init?.method === 'POST'
          ? jsonResponse(
              { id: 5, name: 'Club', description: null, minimumCases: 4, discountPercentage: 12.5 },
              { status: 201 },
            )
          : jsonResponse(tiers),
    });
    await renderSection();

    fireEvent.click(screen.getByRole('button', { name: 'Add Tier' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Tier' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tier' }));
    // The spec's sentence once; each empty field named under itself, the focus on the first.
    expect(await within(dialog).findByText('Please fill out all required fields')).toHaveRole('alert');
    expectFieldProblem('Name', 'Name is required', dialog);
    expectFieldProblem('Discount (%)', 'Discount (%) is required', dialog);
    expectNoFieldProblem('Minimum Cases', dialog);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Name')));
    expect(calls).toEqual([]);

    const minimum = within(dialog).getByLabelText('Minimum Cases');
    expect([minimum.getAttribute('min'), minimum.getAttribute('step')]).toEqual(['1', '1']);
    const discount = within(dialog).getByLabelText('Discount (%)');
    expect([
      discount.getAttribute('min'),
      discount.getAttribute('max'),
      discount.getAttribute('step'),
    ]).toEqual(['0', '100', '0.1']);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Club ' } });
    fireEvent.change(minimum, { target: { value: '0' } });
    fireEvent.change(discount, { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tier' }));
    await waitFor(() => expectFieldProblem('Minimum Cases', 'Minimum cases must be at least 1', dialog));
    expect(document.activeElement).toBe(minimum);
    expect(within(dialog).queryByRole('alert')).toBeNull();

    fireEvent.change(minimum, { target: { value: '4' } });
    const listCalls = fetchMock.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tier' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([
      {
        path: '/api/admin/pricing-tiers',
        method: 'POST',
        body: { name: 'Club', description: null, minimumCases: 4, discountPercentage: 12.5 },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Pricing tier created', { description: 'Club' });
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(listCalls + 1));
  });

  it('edits a tier with its values filled in, and keeps Save disabled while saving', async () => {
    let finish: (response: Response) => void = () => {};
    const { calls } = stubPricingApi({
      '/api/admin/pricing-tiers/2': () => new Promise<Response>((resolve) => (finish = resolve)),
    });
    await renderSection();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Retailer' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Tier' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Retailer');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Description').value).toBe('7% off from 2 cases');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Minimum Cases').value).toBe('2');
    const discount = within(dialog).getByLabelText<HTMLInputElement>('Discount (%)');
    expect(discount.value).toBe('7.5');
    fireEvent.change(discount, { target: { value: '7.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Tier' }));
    await waitFor(() => expectFieldProblem('Discount (%)', 'Discount must be in steps of 0.1', dialog));

    fireEvent.change(discount, { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Tier' }));
    const saving = await within(dialog).findByRole('button', { name: 'Saving...' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([
      {
        path: '/api/admin/pricing-tiers/2',
        method: 'PATCH',
        body: {
          name: 'Retailer',
          description: '7% off from 2 cases',
          minimumCases: 2,
          discountPercentage: 8,
        },
      },
    ]);
    finish(jsonResponse({ ...tiers[1], discountPercentage: 8 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Pricing tier updated', { description: 'Retailer' });
  });

  it("toasts the server's message, else the spec's fallback, when saving a tier fails", async () => {
    let answer = errorResponse(409, 'The tier "Retailer" already starts at 2 cases.');
    stubPricingApi({
      '/api/admin/pricing-tiers': ({ init }) => (init?.method === 'POST' ? answer : jsonResponse(tiers)),
      '/api/admin/pricing-tiers/1': () => errorResponse(503, ''),
    });
    await renderSection();

    fireEvent.click(screen.getByRole('button', { name: 'Add Tier' }));
    let dialog = screen.getByRole('dialog', { name: 'Add Tier' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Twin' } });
    fireEvent.change(within(dialog).getByLabelText('Minimum Cases'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Discount (%)'), { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tier' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'The tier "Retailer" already starts at 2 cases.',
      }),
    );
    // The dialog stays open with what was typed.
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Twin');

    answer = errorResponse(500, '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tier' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to create pricing tier' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Edit Starter' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Tier' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Tier' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to update pricing tier' }),
    );
  });

  it('deletes a tier only after confirming, naming the custom prices that go with it', async () => {
    const { calls } = stubPricingApi({
      '/api/admin/pricing-tiers/2': () =>
        jsonResponse({
          message: 'Pricing tier "Retailer" deleted along with its 1 custom product price.',
          deletedCustomPrices: 1,
        }),
    });
    await renderSection();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Retailer' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete pricing tier?' });
    expect(confirm.textContent).toContain(
      '"Retailer" (7.5% from 2 cases) will be deleted. Its custom product price will be deleted too. Orders already placed keep their prices.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Retailer' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([{ path: '/api/admin/pricing-tiers/2', method: 'DELETE', body: undefined }]);
    expect(toast.success).toHaveBeenCalledWith('Pricing tier deleted', {
      description: 'Pricing tier "Retailer" deleted along with its 1 custom product price.',
    });
  });

  it("after deleting a tier or a custom price, the focus goes to the next row's delete button or the empty text", async () => {
    let tierList = tiers;
    let prices = [customPrice];
    stubPricingApi({
      '/api/admin/pricing-tiers': () => jsonResponse(tierList),
      '/api/admin/pricing-tiers/2': () => {
        tierList = tierList.filter((tier) => tier.id !== 2);
        return jsonResponse({ message: 'Deleted', deletedCustomPrices: 0 });
      },
      '/api/admin/product-pricing-tiers': () => jsonResponse(prices),
      '/api/admin/product-pricing-tiers/9': () => {
        prices = [];
        return jsonResponse({ message: 'Deleted' });
      },
    });
    await renderSection();
    const after = tiers[tiers.findIndex((tier) => tier.id === 2) + 1]!;

    const deleteTier = screen.getByRole('button', { name: 'Delete Retailer' });
    deleteTier.focus();
    fireEvent.click(deleteTier);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Retailer' })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: `Delete ${after.name}` })),
    );

    const deletePrice = screen.getByRole('button', {
      name: 'Delete the custom price for 4 oz bottle at Retailer',
    });
    deletePrice.focus();
    fireEvent.click(deletePrice);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const empty = await within(customSection()).findByText('No custom product prices');
    await waitFor(() => expect(document.activeElement).toBe(empty.parentElement));
  });

  it("toasts 'Failed to delete pricing tier' when deleting fails without a message", async () => {
    stubPricingApi({ '/api/admin/pricing-tiers/1': () => errorResponse(500, ' ') });
    await renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Starter' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to delete pricing tier' }),
    );
  });

  it('adds a custom price: required fields first, then product, tier and price sent as numbers', async () => {
    const { calls } = stubPricingApi({
      '/api/admin/product-pricing-tiers': ({ init }) =>
        init?.method === 'POST'
          ? jsonResponse(
              {
                ...customPrice,
                id: 10,
                productId: 21,
                productName: '1 oz bottle',
                tierId: 3,
                tierName: 'Volume',
                price: 4.2,
              },
              { status: 201 },
            )
          : jsonResponse([customPrice]),
    });
    await renderSection();
    const form = within(customSection()).getByRole('form', { name: 'Add custom product price' });
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(5));

    fireEvent.click(within(form).getByRole('button', { name: 'Add Price' }));
    expect(await within(form).findByText('Please fill out all required fields')).toHaveRole('alert');
    const formElement = within(customSection()).getByRole('form', { name: 'Add custom product price' });
    expectFieldProblem('Product', 'Product is required', formElement);
    expectFieldProblem('Tier', 'Tier is required', formElement);
    expectFieldProblem('Price per Bottle ($)', 'Price per Bottle ($) is required', formElement);
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Product')));

    fireEvent.change(within(form).getByLabelText('Product'), { target: { value: '21' } });
    fireEvent.change(within(form).getByLabelText('Tier'), { target: { value: '3' } });
    const price = within(form).getByLabelText('Price per Bottle ($)');
    expect([price.getAttribute('min'), price.getAttribute('step')]).toEqual(['0', '0.01']);
    fireEvent.change(price, { target: { value: '4.205' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Price' }));
    await waitFor(() =>
      expectFieldProblem('Price per Bottle ($)', 'Price must be in steps of 0.01', formElement),
    );
    expect(calls).toEqual([]);

    fireEvent.change(price, { target: { value: '4.20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Price' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Product pricing created', {
        description: '1 oz bottle at the Volume tier',
      }),
    );
    expect(calls).toEqual([
      {
        path: '/api/admin/product-pricing-tiers',
        method: 'POST',
        body: { productId: 21, tierId: 3, price: 4.2 },
      },
    ]);
    // The form starts over for the next price.
    expect(within(form).getByLabelText<HTMLInputElement>('Price per Bottle ($)').value).toBe('');
    expect(within(form).getByLabelText('Product')).toHaveValue('');
    expect(within(form).getByLabelText('Tier')).toHaveValue('');
  });

  it("toasts the server's message, else 'Failed to create product pricing'", async () => {
    let answer = errorResponse(409, '4 oz bottle already has a custom price at the Retailer tier.');
    stubPricingApi({
      '/api/admin/product-pricing-tiers': ({ init }) =>
        init?.method === 'POST' ? answer : jsonResponse([customPrice]),
    });
    await renderSection();
    const form = within(customSection()).getByRole('form', { name: 'Add custom product price' });
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(5));
    fireEvent.change(within(form).getByLabelText('Product'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Tier'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Price per Bottle ($)'), { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Price' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: '4 oz bottle already has a custom price at the Retailer tier.',
      }),
    );
    answer = errorResponse(500, '');
    fireEvent.click(within(form).getByRole('button', { name: 'Add Price' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to create product pricing' }),
    );
  });

  it('deletes a custom price after confirming; a failure toasts the fallback', async () => {
    let answer = errorResponse(500, '');
    const { calls } = stubPricingApi({ '/api/admin/product-pricing-tiers/9': () => answer });
    await renderSection();
    const remove = within(customSection()).getByRole('button', {
      name: 'Delete the custom price for 4 oz bottle at Retailer',
    });

    fireEvent.click(remove);
    let confirm = screen.getByRole('dialog', { name: 'Delete custom price?' });
    expect(confirm.textContent).toContain(
      "4 oz bottle at the Retailer tier ($8.50 per bottle) will go back to the tier's discount.",
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to delete product pricing' }),
    );

    answer = jsonResponse({ message: 'Custom price for 4 oz bottle at the Retailer tier deleted.' });
    confirm = screen.getByRole('dialog', { name: 'Delete custom price?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Product pricing deleted', {
      description: 'Custom price for 4 oz bottle at the Retailer tier deleted.',
    });
    expect(calls.map((call) => call.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('shows the loading texts, the empty texts, and an error block with Retry', async () => {
    let tiersAnswer: () => Response = () => errorResponse(500, 'Database unavailable');
    stubPricingApi({
      '/api/admin/pricing-tiers': () => tiersAnswer(),
      '/api/admin/product-pricing-tiers': () => jsonResponse([]),
    });
    renderWithProviders(<PricingSection />);
    expect(screen.getByText('Loading pricing tiers...')).toBeInTheDocument();
    expect(screen.getByText('Loading custom prices...')).toBeInTheDocument();

    const alert = await within(tiersSection()).findByRole('alert');
    expect(alert.textContent).toContain('Error loading pricing tiers: Database unavailable');
    expect(await within(customSection()).findByText('No custom product prices')).toBeInTheDocument();

    tiersAnswer = () => jsonResponse([]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(tiersSection()).findByText('No volume tiers yet')).toBeInTheDocument();
  });
});
