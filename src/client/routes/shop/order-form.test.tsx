// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig, testProducts } from '../../test-support/api-fixtures';
import { renderApp } from '../../test-support/render-app';
import { countCalls, errorResponse, jsonResponse, stubFetch } from '../../test-support/stub-fetch';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The table row (or mobile card) holding a product's name. */
function findRowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr, li');
  if (!(row instanceof HTMLElement)) throw new Error(`No row for ${name}`);
  return row;
}

describe('order form', () => {
  it('lists every case product with its case and bottle price, and leaves the tester out', async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/products': () => jsonResponse(testProducts),
    });

    renderApp('/');

    expect(screen.getByRole('heading', { level: 1, name: 'Wholesale Order Form' })).toBeTruthy();
    expect(screen.getByText(/cases of 12 bottles, with free shipping/)).toBeTruthy();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Product', 'Price per Case', 'Price per Bottle', 'Cases']);
    // Header row plus the four case products.
    expect(within(table).getAllByRole('row')).toHaveLength(5);

    const fourOunce = findRowOf('4 oz bottle');
    expect(within(fourOunce).getByText('$127.80')).toBeTruthy();
    expect(within(fourOunce).getByText('$10.65')).toBeTruthy();
    expect(within(fourOunce).getByText('SKU: 800-0001')).toBeTruthy();
    expect(within(findRowOf('1 oz bottle')).getByText('$58.20')).toBeTruthy();
    expect(within(findRowOf('1 oz bottle')).getByText('$4.85')).toBeTruthy();
    expect(within(findRowOf('50/50 split pack')).getByText('$93.00')).toBeTruthy();
    expect(within(findRowOf('50/50 split pack')).getByText('$7.75')).toBeTruthy();
    // No wholesale price: the retail price per bottle is used.
    expect(within(findRowOf('Case of mixed bottles')).getByText('$93.00')).toBeTruthy();

    expect(screen.queryByText('Free in-store tester')).toBeNull();
    expect(screen.queryByText('SKU: 800-0003')).toBeNull();
  });

  it('shows the product image when there is one and a placeholder otherwise', async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/products': () => jsonResponse(testProducts),
    });

    renderApp('/');

    await screen.findByRole('table');
    expect(findRowOf('4 oz bottle').querySelector('img')?.getAttribute('src')).toBe(
      'https://cdn.dewdrop.test/4oz.png',
    );
    expect(findRowOf('1 oz bottle').querySelector('img')).toBeNull();
    expect(findRowOf('1 oz bottle').querySelector('svg')).not.toBeNull();
  });

  it('shows products as labelled cards instead of a table under 768 px', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = new EventTarget() as MediaQueryList;
      return Object.assign(list, { matches: query === '(max-width: 767.98px)', media: query });
    });
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/products': () => jsonResponse(testProducts),
    });

    renderApp('/');

    const card = await screen.findByText('4 oz bottle').then(() => findRowOf('4 oz bottle'));
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('Price per Case').nextElementSibling?.textContent).toBe('$127.80');
    expect(within(card).getByText('Price per Bottle').nextElementSibling?.textContent).toBe('$10.65');
  });

  it('says so when the catalogue is empty', async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/products': () => jsonResponse(testProducts.filter((product) => product.isTester)),
    });

    renderApp('/');

    expect(await screen.findByText('No products are available right now.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows 'Failed to fetch products' when loading fails, and Retry loads them again", async () => {
    let productCalls = 0;
    const fetchMock = stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/products': () => {
        productCalls += 1;
        return productCalls === 1
          ? errorResponse(503, 'Service temporarily unavailable')
          : jsonResponse(testProducts);
      },
    });

    renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch products')).toBeTruthy();
    expect(within(alert).getByText('503: Service temporarily unavailable')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('4 oz bottle')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch products')).toBeNull();
    expect(countCalls(fetchMock, '/api/products')).toBe(2);
  });
});
