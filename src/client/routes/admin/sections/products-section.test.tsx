// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../../lib/toast';
import { describe, expect, it } from 'vitest';
import type { AllowedSku } from '../../../../shared/schemas/admin-catalog';
import {
  bodiesSent,
  buildAllowedSku,
  callsTo,
  deferred,
  registerCatalogTestHooks,
} from '../../../features/admin-catalog/catalog-test-support';
import { renderWithProviders } from '../../../test-support/render-app';
import { errorResponse, jsonResponse, requestUrl, stubFetch } from '../../../test-support/stub-fetch';
import { ProductsSection } from './products-section';

registerCatalogTestHooks();

const SKUS_PATH = '/api/admin/allowed-skus';

const fourOz = buildAllowedSku({ id: 1, sku: '800-0001', notes: '4 oz bottle' });
const onePaused = buildAllowedSku({ id: 2, sku: '800-0002', notes: '1 oz bottle', isActive: false });

type Handlers = Parameters<typeof stubFetch>[0];

/** The allowed-SKU list answers `list` on GET; `handlers` override or add paths. */
function stubApi(list: AllowedSku[], handlers: Handlers = {}) {
  return stubFetch({ [SKUS_PATH]: () => jsonResponse(list), ...handlers });
}

/** Clicks `name` once it is enabled again (the Shopify actions wait for each other). */
async function clickWhenEnabled(name: string) {
  const button = screen.getByRole('button', { name });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
}

function skuRow(sku: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'Allowed SKUs' });
  const row = within(list)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(sku));
  if (!row) throw new Error(`no row for ${sku}`);
  return row;
}

describe('ProductsSection', () => {
  it('shows the heading, description, and each allowed SKU with notes, status and its controls', async () => {
    stubApi([fourOz, onePaused]);
    renderWithProviders(<ProductsSection />);

    expect(screen.getByRole('heading', { name: 'Product Management' })).toBeInTheDocument();
    expect(screen.getByText('Control which products appear in the wholesale system.')).toBeInTheDocument();
    expect(screen.getByText('Loading allowed SKUs...')).toBeInTheDocument();

    await screen.findByText('800-0001');
    const active = within(skuRow('800-0001'));
    expect(active.getByText('4 oz bottle')).toBeInTheDocument();
    expect(active.getByText('Active')).toBeInTheDocument();
    expect(active.getByText('Added Mar 4, 2031')).toBeInTheDocument();
    expect(active.getByRole('switch', { name: 'Active: 800-0001' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(active.getByRole('button', { name: 'Delete SKU 800-0001' })).toBeInTheDocument();

    const paused = within(skuRow('800-0002'));
    expect(paused.getByText('Inactive')).toBeInTheDocument();
    expect(paused.getByRole('switch', { name: 'Active: 800-0002' }).getAttribute('aria-checked')).toBe(
      'false',
    );

    expect(screen.getByRole('button', { name: 'Refresh from Shopify' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync with Shopify' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import by Shopify product ID' })).toBeInTheDocument();
  });

  it('explains that without a SKU no product is shown when the list is empty', async () => {
    stubApi([]);
    renderWithProviders(<ProductsSection />);
    expect(await screen.findByText('No allowed SKUs yet')).toBeInTheDocument();
    expect(screen.getByText(/Customers only see products whose SKU is on this list/)).toBeInTheDocument();
  });

  it('shows an error block with Retry when the list fails to load, and loads it again on Retry', async () => {
    let fail = true;
    stubFetch({
      [SKUS_PATH]: () => (fail ? errorResponse(500, 'Database unavailable') : jsonResponse([fourOz])),
    });
    renderWithProviders(<ProductsSection />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading allowed SKUs: Database unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('800-0001')).toBeInTheDocument();
  });

  describe('adding a SKU', () => {
    it('refuses an empty or blank SKU without calling the server', async () => {
      const fetchMock = stubApi([fourOz]);
      renderWithProviders(<ProductsSection />);
      await screen.findByText('800-0001');
      fireEvent.change(screen.getByLabelText('SKU'), { target: { value: '   ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Add SKU' }));
      expect(await screen.findByText('SKU cannot be empty')).toBeInTheDocument();
      expect(screen.getByLabelText('SKU').getAttribute('aria-invalid')).toBe('true');
      expect(callsTo(fetchMock, SKUS_PATH, 'POST')).toBe(0);
    });

    it('sends the trimmed SKU and notes, toasts, empties the form and reloads the list', async () => {
      const save = deferred<Response>();
      let list = [fourOz];
      const fetchMock = stubApi([], {
        [SKUS_PATH]: ({ init }) => (init?.method === 'POST' ? save.promise : jsonResponse(list)),
      });
      renderWithProviders(<ProductsSection />);
      await screen.findByText('800-0001');
      fireEvent.change(screen.getByLabelText('SKU'), { target: { value: '  ROSE-01 ' } });
      fireEvent.change(screen.getByLabelText('Notes'), { target: { value: ' Rose mist ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Add SKU' }));

      const saving = await screen.findByRole('button', { name: 'Adding...' });
      expect(saving.hasAttribute('disabled')).toBe(true);
      expect(bodiesSent(fetchMock, SKUS_PATH, 'POST')).toEqual([{ sku: 'ROSE-01', notes: 'Rose mist' }]);

      const rose = buildAllowedSku({ id: 9, sku: 'ROSE-01', notes: 'Rose mist' });
      list = [fourOz, rose];
      save.resolve(jsonResponse(rose, { status: 201 }));
      expect(await screen.findByText('ROSE-01')).toBeInTheDocument();
      expect(toast.success).toHaveBeenCalledWith('Success', {
        description: 'ROSE-01 was added to the allowed SKUs',
      });
      expect(screen.getByLabelText<HTMLInputElement>('SKU').value).toBe('');
      expect(screen.getByLabelText<HTMLInputElement>('Notes').value).toBe('');
    });

    it("toasts the server's message for a duplicate, and 'Failed to add SKU' when there is none", async () => {
      let answer = () => errorResponse(409, 'This SKU is already on the list');
      stubApi([], {
        [SKUS_PATH]: ({ init }) => (init?.method === 'POST' ? answer() : jsonResponse([fourOz])),
      });
      renderWithProviders(<ProductsSection />);
      await screen.findByText('800-0001');
      fireEvent.change(screen.getByLabelText('SKU'), { target: { value: '800-0001' } });
      fireEvent.click(screen.getByRole('button', { name: 'Add SKU' }));
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', { description: 'This SKU is already on the list' }),
      );
      // The typed SKU stays for correcting.
      expect(screen.getByLabelText<HTMLInputElement>('SKU').value).toBe('800-0001');

      answer = () => jsonResponse({ code: 'INTERNAL', message: '', requestId: 'r' }, { status: 500 });
      fireEvent.click(screen.getByRole('button', { name: 'Add SKU' }));
      await waitFor(() =>
        expect(toast.error).toHaveBeenLastCalledWith('Error', { description: 'Failed to add SKU' }),
      );
    });
  });

  it('switches a SKU off with PATCH {isActive}, and toasts "Failed to update SKU status" on failure', async () => {
    let fail = false;
    const fetchMock = stubApi([fourOz], {
      '/api/admin/allowed-skus/1': () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', message: '', requestId: 'r' }, { status: 500 })
          : jsonResponse({ ...fourOz, isActive: false }),
    });
    renderWithProviders(<ProductsSection />);
    await screen.findByText('800-0001');
    fireEvent.click(screen.getByRole('switch', { name: 'Active: 800-0001' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: '800-0001 is now inactive' }),
    );
    expect(bodiesSent(fetchMock, '/api/admin/allowed-skus/1', 'PATCH')).toEqual([{ isActive: false }]);

    fail = true;
    fireEvent.click(screen.getByRole('switch', { name: 'Active: 800-0001' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to update SKU status' }),
    );
  });

  it('deletes a SKU only after confirmation, with the delete button disabled while it runs', async () => {
    const removal = deferred<Response>();
    const fetchMock = stubApi([fourOz], { '/api/admin/allowed-skus/1': () => removal.promise });
    renderWithProviders(<ProductsSection />);
    await screen.findByText('800-0001');

    fireEvent.click(screen.getByRole('button', { name: 'Delete SKU 800-0001' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete SKU' });
    expect(dialog.textContent).toContain('Delete 800-0001 from the allowed SKUs?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, '/api/admin/allowed-skus/1', 'DELETE')).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete SKU 800-0001' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete SKU' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const pending = await within(dialog).findByRole('button', { name: 'Deleting...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete SKU 800-0001' }).hasAttribute('disabled')).toBe(true);
    expect(callsTo(fetchMock, '/api/admin/allowed-skus/1', 'DELETE')).toBe(1);

    removal.resolve(jsonResponse({ success: true, message: '800-0001 was removed from the allowed SKUs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Success', {
      description: '800-0001 was removed from the allowed SKUs',
    });
  });

  it("after a deletion the focus goes to the next row's delete button, then to the empty-state text", async () => {
    let list = [fourOz, onePaused];
    const remove = (id: number) => () => {
      list = list.filter((row) => row.id !== id);
      return jsonResponse({ success: true, message: 'Removed' });
    };
    stubFetch({
      [SKUS_PATH]: () => jsonResponse(list),
      '/api/admin/allowed-skus/1': remove(1),
      '/api/admin/allowed-skus/2': remove(2),
    });
    renderWithProviders(<ProductsSection />);
    await screen.findByText('800-0001');

    async function deleteSku(sku: string) {
      const button = screen.getByRole('button', { name: `Delete SKU ${sku}` });
      button.focus();
      fireEvent.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Delete SKU' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByText(sku)).toBeNull());
    }

    await deleteSku('800-0001');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete SKU 800-0002' })),
    );
    await deleteSku('800-0002');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByText('No allowed SKUs yet').parentElement),
    );
  });

  it('toasts "Failed to delete SKU" when the deletion fails without a message', async () => {
    stubApi([fourOz], {
      '/api/admin/allowed-skus/1': () =>
        jsonResponse({ code: 'INTERNAL', message: ' ', requestId: 'r' }, { status: 500 }),
    });
    renderWithProviders(<ProductsSection />);
    await screen.findByText('800-0001');
    fireEvent.click(screen.getByRole('button', { name: 'Delete SKU 800-0001' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to delete SKU' }),
    );
  });

  describe('the Shopify actions', () => {
    const notConnected = () =>
      jsonResponse(
        { code: 'SHOPIFY_NOT_CONNECTED', message: 'Shopify is not connected', requestId: 'r' },
        { status: 503 },
      );

    it('shows progress while refreshing, holds the other actions, then reports the count and keeps it', async () => {
      const refresh = deferred<Response>();
      const fetchMock = stubApi([fourOz], { '/api/admin/refresh-products': () => refresh.promise });
      renderWithProviders(<ProductsSection />);
      expect(screen.queryByLabelText('Last Shopify result')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Refresh from Shopify' }));
      const running = await screen.findByRole('button', { name: 'Refreshing...' });
      expect(running.hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('status').textContent).toBe('Working with Shopify…');
      // A pull and a push at once would race: the other actions wait.
      expect(screen.getByRole('button', { name: 'Sync with Shopify' }).hasAttribute('disabled')).toBe(true);
      expect(
        screen.getByRole('button', { name: 'Import by Shopify product ID' }).hasAttribute('disabled'),
      ).toBe(true);
      fireEvent.click(running);
      expect(callsTo(fetchMock, '/api/admin/refresh-products', 'POST')).toBe(1);

      const message = 'Refreshed 3 products from Shopify (1 new, 2 updated).';
      refresh.resolve(jsonResponse({ success: true, message, count: 3 }));
      await screen.findByRole('button', { name: 'Refresh from Shopify' });
      expect(toast.success).toHaveBeenCalledWith('Success', { description: message });
      expect(screen.getByLabelText('Last Shopify result').textContent).toBe(`Refresh: ${message}`);
      expect(screen.getByRole('button', { name: 'Sync with Shopify' }).hasAttribute('disabled')).toBe(false);
    });

    it('shows progress while syncing, and the count after', async () => {
      const answer = deferred<Response>();
      stubApi([fourOz], { '/api/admin/sync-products': () => answer.promise });
      renderWithProviders(<ProductsSection />);
      fireEvent.click(screen.getByRole('button', { name: 'Sync with Shopify' }));
      expect((await screen.findByRole('button', { name: 'Syncing...' })).hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: 'Refresh from Shopify' }).hasAttribute('disabled')).toBe(
        true,
      );
      answer.resolve(jsonResponse({ success: true, message: 'Synced 2 products with Shopify.', count: 2 }));
      expect((await screen.findByLabelText('Last Shopify result')).textContent).toBe(
        'Sync: Synced 2 products with Shopify.',
      );
    });

    it('lists the imported variants with their prices under the result', async () => {
      stubApi([fourOz], {
        // The GID travels URL-encoded in the path.
        '/api/admin/shopify-product/gid%3A%2F%2Fshopify%2FProduct%2F77': () =>
          jsonResponse({
            success: true,
            message: 'Imported "Lavender Mist": 2 variants (2 new).',
            newVariants: 2,
            variants: [
              { id: 40, name: 'Lavender Mist - 4 oz', sku: 'LAV-4', price: 26, shopifyVariantId: 'v1' },
              { id: 41, name: 'Lavender Mist - 1 oz', sku: 'LAV-1', price: 10.5, shopifyVariantId: 'v2' },
            ],
          }),
      });
      renderWithProviders(<ProductsSection />);
      fireEvent.change(screen.getByLabelText('Shopify Product ID'), {
        target: { value: 'gid://shopify/Product/77' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Import by Shopify product ID' }));
      const list = await screen.findByRole('list', { name: 'Imported variants' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['LAV-4Lavender Mist - 4 oz$26.00', 'LAV-1Lavender Mist - 1 oz$10.50']);
      expect(screen.getByLabelText('Last Shopify result').textContent).toContain(
        'Import: Imported "Lavender Mist": 2 variants (2 new).',
      );
    });

    it('refuses something that is no Shopify product id before calling the server', async () => {
      const fetchMock = stubApi([fourOz]);
      renderWithProviders(<ProductsSection />);
      fireEvent.change(screen.getByLabelText('Shopify Product ID'), { target: { value: 'rose mist' } });
      fireEvent.click(screen.getByRole('button', { name: 'Import by Shopify product ID' }));
      expect(
        await screen.findByText(
          'Shopify Product ID must be a number (e.g. 8123456789) or a product GID (gid://shopify/Product/8123456789)',
        ),
      ).toBeTruthy();
      expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes('shopify-product'))).toBe(
        false,
      );
    });

    it("toasts the server's 'Shopify is not connected' for refresh and sync, and the fallbacks without a message", async () => {
      let answer = notConnected;
      stubApi([fourOz], {
        '/api/admin/refresh-products': () => answer(),
        '/api/admin/sync-products': () => answer(),
      });
      renderWithProviders(<ProductsSection />);
      fireEvent.click(screen.getByRole('button', { name: 'Refresh from Shopify' }));
      await waitFor(() =>
        expect(toast.error).toHaveBeenLastCalledWith('Error', { description: 'Shopify is not connected' }),
      );
      await clickWhenEnabled('Sync with Shopify');
      await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
      expect(toast.error).toHaveBeenLastCalledWith('Error', { description: 'Shopify is not connected' });

      answer = () => jsonResponse({ code: 'INTERNAL', message: '', requestId: 'r' }, { status: 500 });
      await clickWhenEnabled('Refresh from Shopify');
      await waitFor(() =>
        expect(toast.error).toHaveBeenLastCalledWith('Error', {
          description: 'Failed to refresh products from Shopify',
        }),
      );
      await clickWhenEnabled('Sync with Shopify');
      await waitFor(() =>
        expect(toast.error).toHaveBeenLastCalledWith('Error', { description: 'Failed to sync with Shopify' }),
      );
    });

    it('reports the sync count', async () => {
      stubApi([fourOz], {
        '/api/admin/sync-products': () =>
          jsonResponse({ success: true, message: 'Synced 12 products with Shopify', count: 12 }),
      });
      renderWithProviders(<ProductsSection />);
      fireEvent.click(screen.getByRole('button', { name: 'Sync with Shopify' }));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Success', {
          description: 'Synced 12 products with Shopify',
        }),
      );
    });

    it("refuses a blank Shopify Product ID with the spec's message, without calling the server", async () => {
      const fetchMock = stubApi([fourOz]);
      renderWithProviders(<ProductsSection />);
      fireEvent.change(screen.getByLabelText('Shopify Product ID'), { target: { value: '  ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Import by Shopify product ID' }));
      expect(await screen.findByText('Shopify Product ID cannot be empty')).toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes('shopify-product'))).toBe(
        false,
      );
    });

    it('imports by the trimmed id, with progress, and toasts the outcome', async () => {
      const answer = deferred<Response>();
      const fetchMock = stubApi([fourOz], { '/api/admin/shopify-product/8123456789': () => answer.promise });
      renderWithProviders(<ProductsSection />);
      fireEvent.change(screen.getByLabelText('Shopify Product ID'), { target: { value: ' 8123456789 ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Import by Shopify product ID' }));
      expect((await screen.findByRole('button', { name: 'Importing...' })).hasAttribute('disabled')).toBe(
        true,
      );
      expect(callsTo(fetchMock, '/api/admin/shopify-product/8123456789')).toBe(1);
      answer.resolve(
        jsonResponse({ success: true, message: 'Imported 2 variants (1 new)', variants: [], newVariants: 1 }),
      );
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Imported 2 variants (1 new)' }),
      );
      expect(screen.getByLabelText<HTMLInputElement>('Shopify Product ID').value).toBe('');
    });

    it("toasts 'Shopify is not connected', 'Invalid response from server...' and the import fallback", async () => {
      let answer: () => Response = notConnected;
      stubApi([fourOz], { '/api/admin/shopify-product/42': () => answer() });
      renderWithProviders(<ProductsSection />);
      fireEvent.change(screen.getByLabelText('Shopify Product ID'), { target: { value: '42' } });
      const importButton = screen.getByRole('button', { name: 'Import by Shopify product ID' });

      fireEvent.click(importButton);
      await waitFor(() =>
        expect(toast.error).toHaveBeenLastCalledWith('Error', { description: 'Shopify is not connected' }),
      );

      answer = () => jsonResponse({ unexpected: true });
      await clickWhenEnabled('Import by Shopify product ID');
      await waitFor(() =>
        expect(toast.error).toHaveBeenLastCalledWith('Error', {
          description: 'Invalid response from server...',
        }),
      );

      answer = () => jsonResponse({ code: 'INTERNAL', message: '', requestId: 'r' }, { status: 500 });
      await clickWhenEnabled('Import by Shopify product ID');
      await waitFor(() =>
        expect(toast.error).toHaveBeenLastCalledWith('Error', {
          description: 'Failed to import product from Shopify',
        }),
      );
    });
  });
});
