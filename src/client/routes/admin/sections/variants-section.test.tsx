// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../../lib/toast';
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../../shared/schemas/admin-catalog';
import {
  bodiesSent,
  buildVariant,
  callsTo,
  deferred,
  productOf,
  registerCatalogTestHooks,
} from '../../../features/admin-catalog/catalog-test-support';
import { renderWithProviders } from '../../../test-support/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../../../test-support/stub-fetch';
import { VariantsSection } from './variants-section';

registerCatalogTestHooks();

const LIST_PATH = '/api/admin/products-with-variants';
const VISIBILITY_PATH = '/api/admin/update-variant-visibility';
const PRICE_PATH = '/api/admin/update-variant-price';

const lavender4 = buildVariant({
  id: 50,
  name: 'Lavender 4 oz',
  sku: 'LAV-4',
  imageUrl: 'https://cdn.shopify.test/lav4.png',
  shopifyVariantId: '7001',
});
const lavender1 = buildVariant({
  id: 51,
  name: 'Lavender 1 oz',
  sku: 'LAV-1',
  price: 10,
  wholesalePrice: 4.85,
  inventoryQuantity: 0,
  isActive: false,
  displayStatus: 'Hidden',
  imageUrl: 'javascript:alert(1)',
});
const stray = buildVariant({
  id: 60,
  name: 'Stray Mist',
  sku: 'STRAY-01',
  price: 18,
  wholesalePrice: null,
  isAllowed: false,
  displayStatus: 'Not Allowed',
});
const noSku = buildVariant({
  id: 61,
  name: 'Draft Mist',
  sku: '',
  inventoryQuantity: null,
  isAllowed: false,
  displayStatus: 'Not Allowed',
});
/** The seed's bundle as the server describes it: its own row's $7.75 and stock mean nothing. */
const bundle = buildVariant({
  id: 70,
  name: 'Case of Mixed Bottles',
  sku: '800-0004',
  price: 7.75,
  wholesalePrice: 7.75,
  inventoryQuantity: null,
  isVirtual: true,
  bundle: {
    components: [
      { sku: '800-0001', name: '4 oz Bottle', quantity: 6, inventoryQuantity: 40 },
      { sku: '800-0002', name: '1 oz Bottle', quantity: 6, inventoryQuantity: null },
    ],
    retailPrice: 216,
    wholesalePrice: 93,
    bundlesInStock: null,
  },
});

const catalogue: AdminProduct[] = [
  { id: '9001', shopifyProductId: '9001', name: 'Lavender 4 oz', variants: [lavender4, lavender1] },
  productOf(stray),
  productOf(noSku),
  productOf(bundle),
];

type Handlers = Parameters<typeof stubFetch>[0];

function stubApi(handlers: Handlers = {}) {
  return stubFetch({ [LIST_PATH]: () => jsonResponse(catalogue), ...handlers });
}

/** The text of a row's figure ('Retail', 'Wholesale', 'Inventory'), as read out: its value and note. */
function figure(row: HTMLElement, label: string): string {
  const term = within(row).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

function variantRow(name: string): HTMLElement {
  const row = screen.getByText(name, { selector: 'p' }).closest('li');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('VariantsSection', () => {
  it('lists products with their variants: name, SKU, prices, inventory, image and display status', async () => {
    stubApi();
    renderWithProviders(<VariantsSection />);
    expect(screen.getByRole('heading', { name: 'Variant Management' })).toBeInTheDocument();
    expect(screen.getByText('Manage product variants, visibility and pricing.')).toBeInTheDocument();
    expect(screen.getByText('Loading products...')).toBeInTheDocument();

    const lavender = await screen.findByRole('list', { name: 'Variants of Lavender 4 oz' });
    expect(within(lavender).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('2 variants')).toBeInTheDocument();

    const four = within(variantRow('Lavender 4 oz'));
    expect(four.getByText('LAV-4')).toBeInTheDocument();
    expect(four.getByText('$26.00')).toBeInTheDocument();
    expect(four.getByText('$10.65')).toBeInTheDocument();
    expect(four.getByText('120')).toBeInTheDocument();
    expect(four.getByText('Active')).toBeInTheDocument();
    const image = variantRow('Lavender 4 oz').querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://cdn.shopify.test/lav4.png');

    const one = within(variantRow('Lavender 1 oz'));
    expect(one.getByText('Hidden', { selector: '[data-variant]' })).toBeInTheDocument();
    expect(one.getByText('$4.85')).toBeInTheDocument();
    // Only https images are shown.
    expect(variantRow('Lavender 1 oz').querySelector('img')).toBeNull();

    const strayRow = within(variantRow('Stray Mist'));
    expect(strayRow.getByText('Not Allowed')).toBeInTheDocument();
    expect(strayRow.getByText('—')).toBeInTheDocument();
  });

  it("shows what is true of the bundle: its components' prices per bundle, and stock only when counted", async () => {
    stubApi();
    renderWithProviders(<VariantsSection />);
    await screen.findByText('Case of Mixed Bottles', { selector: 'p' });

    const row = variantRow('Case of Mixed Bottles');
    expect(
      within(row).getByText(
        'Bundle: made from its components: 6 × 4 oz Bottle (800-0001) and 6 × 1 oz Bottle (800-0002).',
      ),
    ).toBeInTheDocument();
    // Not the bundle row's own $7.75 and 0 (docs/catalogue-and-pricing.md#the-mixed-case-bundle).
    expect(within(row).queryByText('$7.75')).toBeNull();
    expect(figure(row, 'Retail')).toBe('$216.00per bundle');
    expect(figure(row, 'Wholesale')).toBe('$93.00per bundle');
    // The 1 oz bottle's stock is not counted, so neither is the bundles'.
    expect(figure(row, 'Inventory')).toBe('Not counted');

    // Once Shopify counts every component: the whole bundles their stock makes.
    cleanup();
    const counted = { ...bundle, bundle: { ...bundle.bundle!, bundlesInStock: 6 } };
    stubFetch({ [LIST_PATH]: () => jsonResponse([productOf(counted)]) });
    renderWithProviders(<VariantsSection />);
    await screen.findByText('Case of Mixed Bottles', { selector: 'p' });
    expect(figure(variantRow('Case of Mixed Bottles'), 'Inventory')).toBe('6 bundles');
  });

  it("says 'Not counted' for a row whose stock nobody counts, and Shopify's count otherwise", async () => {
    stubApi();
    renderWithProviders(<VariantsSection />);
    await screen.findByText('Stray Mist', { selector: 'p' });
    expect(figure(variantRow('Lavender 4 oz'), 'Inventory')).toBe('120');
    expect(figure(variantRow('Lavender 4 oz'), 'Retail')).toBe('$26.00');
    expect(figure(variantRow('Lavender 1 oz'), 'Inventory')).toBe('0');
    const stray = variantRow('Stray Mist');
    expect(figure(stray, 'Inventory')).toBe('120');
    expect(figure(variantRow('Draft Mist'), 'Inventory')).toBe('Not counted');
  });

  it('shows the empty text, and an error block with Retry when loading fails', async () => {
    let answer = () => errorResponse(500, 'Database unavailable');
    stubFetch({ [LIST_PATH]: () => answer() });
    renderWithProviders(<VariantsSection />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading products: Database unavailable');
    answer = () => jsonResponse([]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
  });

  it('switches visibility by SKU, disabled while saving and for a variant without a SKU', async () => {
    const answer = deferred<Response>();
    const fetchMock = stubApi({ [VISIBILITY_PATH]: () => answer.promise });
    renderWithProviders(<VariantsSection />);
    await screen.findByText('Lavender 1 oz');

    expect(screen.getByRole('switch', { name: 'Visible: Draft Mist' }).hasAttribute('disabled')).toBe(true);

    const toggle = screen.getByRole('switch', { name: 'Visible: Lavender 1 oz' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(true));
    expect(bodiesSent(fetchMock, VISIBILITY_PATH, 'POST')).toEqual([{ sku: 'LAV-1', isActive: true }]);

    answer.resolve(
      jsonResponse({
        success: true,
        message: 'Lavender 1 oz is visible again',
        variant: { ...lavender1, isActive: true, displayStatus: 'Active' },
        shopify: 'not-connected',
      }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', {
        description: 'Lavender 1 oz is visible again',
      }),
    );
    await waitFor(() => expect(callsTo(fetchMock, LIST_PATH)).toBe(2));
  });

  it("toasts the server's message when the visibility change fails", async () => {
    stubApi({ [VISIBILITY_PATH]: () => errorResponse(404, 'Product not found') });
    renderWithProviders(<VariantsSection />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Visible: Lavender 4 oz' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Product not found' }),
    );
  });

  describe('the price edit', () => {
    async function openDialog(name: string) {
      fireEvent.click(await screen.findByRole('button', { name: `Edit price of ${name}` }));
      return screen.findByRole('dialog', { name: 'Edit price' });
    }

    it("shows the spec's messages for invalid prices and sends nothing", async () => {
      const fetchMock = stubApi();
      renderWithProviders(<VariantsSection />);
      const dialog = within(await openDialog('Lavender 4 oz'));
      expect(dialog.getByLabelText<HTMLInputElement>('Retail price').value).toBe('26.00');
      expect(dialog.getByLabelText<HTMLInputElement>('Wholesale price').value).toBe('10.65');

      fireEvent.change(dialog.getByLabelText('Retail price'), { target: { value: '0' } });
      fireEvent.change(dialog.getByLabelText('Wholesale price'), { target: { value: '' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
      expect(await dialog.findByText('Please enter a valid retail price')).toBeInTheDocument();
      expect(dialog.getByText('Please enter a valid wholesale price')).toBeInTheDocument();
      expect(callsTo(fetchMock, PRICE_PATH, 'POST')).toBe(0);
    });

    it('saves both prices as numbers, disabled while saving, then closes and reloads', async () => {
      const answer = deferred<Response>();
      const fetchMock = stubApi({ [PRICE_PATH]: () => answer.promise });
      renderWithProviders(<VariantsSection />);
      const dialog = within(await openDialog('Lavender 4 oz'));
      fireEvent.change(dialog.getByLabelText('Retail price'), { target: { value: '27.5' } });
      fireEvent.change(dialog.getByLabelText('Wholesale price'), { target: { value: '11' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

      expect((await dialog.findByRole('button', { name: 'Saving...' })).hasAttribute('disabled')).toBe(true);
      expect(bodiesSent(fetchMock, PRICE_PATH, 'POST')).toEqual([
        { productId: 50, basePrice: 27.5, wholesalePrice: 11 },
      ]);
      answer.resolve(
        jsonResponse({
          success: true,
          message:
            'Price updated in the portal. Shopify is not connected, so its price was not changed there.',
          variant: { ...lavender4, price: 27.5, wholesalePrice: 11 },
          shopify: 'not-connected',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(toast.success).toHaveBeenCalledWith('Success', {
        description:
          'Price updated in the portal. Shopify is not connected, so its price was not changed there.',
      });
      await waitFor(() => expect(callsTo(fetchMock, LIST_PATH)).toBe(2));
    });

    it("toasts 'Could not update product price' when the save fails without a message, and stays open", async () => {
      stubApi({
        [PRICE_PATH]: () => jsonResponse({ code: 'INTERNAL', message: '', requestId: 'r' }, { status: 500 }),
      });
      renderWithProviders(<VariantsSection />);
      const dialog = within(await openDialog('Stray Mist'));
      expect(dialog.getByLabelText<HTMLInputElement>('Wholesale price').value).toBe('');
      fireEvent.change(dialog.getByLabelText('Wholesale price'), { target: { value: '7.75' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Could not update product price' }),
      );
      expect(screen.getByRole('dialog', { name: 'Edit price' })).toBeInTheDocument();
    });

    it('is not offered for the bundle, which is priced from its components', async () => {
      stubApi();
      renderWithProviders(<VariantsSection />);
      const button = await screen.findByRole('button', { name: 'Edit price of Case of Mixed Bottles' });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(
        within(variantRow('Case of Mixed Bottles')).getByText('Priced from its components'),
      ).toBeTruthy();
    });
  });
});
