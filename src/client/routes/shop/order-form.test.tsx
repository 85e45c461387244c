// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { VIEWERS_CANNOT_ORDER_MESSAGE } from '../../../shared/company-roles';
import { describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '../../lib/cart/cart-store';
import { testConfig, testPricingCatalog, testProducts, testUser } from '../../test-support/api-fixtures';
import { renderApp } from '../../test-support/render-app';
import {
  countCalls,
  errorResponse,
  jsonResponse,
  requestBody,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';

type Handlers = Parameters<typeof stubFetch>[0];

/** The API the order form talks to, each answer replaceable. */
function stubApi(overrides: Handlers = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/products': () => jsonResponse(testProducts),
    '/api/pricing-catalog': () => jsonResponse(testPricingCatalog),
    '/api/validate-cart': () => jsonResponse({ success: true, errors: [], warnings: [] }),
    ...overrides,
  });
}

registerCartTestHooks();

/** The table row (or mobile card) holding a product's name. */
function findRowOf(name: string): HTMLElement {
  const products = screen.getByRole('region', { name: 'Products' });
  const row = within(products).getByText(name).closest('tr, li');
  if (!(row instanceof HTMLElement)) throw new Error(`No row for ${name}`);
  return row;
}

const casesInput = (name: string) =>
  screen.getByRole<HTMLInputElement>('spinbutton', { name: `Cases of ${name}` });

/** The value next to a label in the Order Summary. */
function summaryValue(label: string | RegExp): string | null {
  const summary = screen.getByRole('region', { name: /^Order Summary/ });
  return within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

function storedCart(): unknown {
  return JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
}

function useMobileViewport() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
    const list = new EventTarget() as MediaQueryList;
    return Object.assign(list, { matches: query === '(max-width: 767.98px)', media: query });
  });
}

describe('order form', () => {
  it("shows a viewer why there is no order form, and the way to the company's orders", async () => {
    const viewer = { ...testUser, company: { id: 3, name: 'Doe Botanicals', role: 'viewer' as const } };
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => jsonResponse({ user: viewer }),
      '/api/products': () => jsonResponse(testProducts),
      '/api/pricing-catalog': () => jsonResponse(testPricingCatalog),
    });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: "You can view Doe Botanicals's orders" }),
    ).toBeInTheDocument();
    expect(screen.getByText(VIEWERS_CANNOT_ORDER_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Orders' }).getAttribute('href')).toBe('/orders');
    expect(screen.queryByRole('button', { name: /Review Order/ })).not.toBeInTheDocument();
  });

  it('lists every case product with its case and bottle price, and gives the tester a card instead of a row', async () => {
    stubApi();

    renderApp('/');

    expect(screen.getByRole('heading', { level: 1, name: 'Wholesale Order Form' })).toBeInTheDocument();
    expect(screen.getByText(/cases of 12 bottles, with free shipping/)).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Product', 'Price per Case', 'Price per Bottle', 'Cases']);
    // Header row plus the four case products.
    expect(within(table).getAllByRole('row')).toHaveLength(5);

    const fourOunce = findRowOf('4 oz bottle');
    expect(within(fourOunce).getByText('$127.80')).toBeInTheDocument();
    expect(within(fourOunce).getByText('$10.65')).toBeInTheDocument();
    expect(within(fourOunce).getByText('SKU: 800-0001')).toBeInTheDocument();
    expect(within(findRowOf('1 oz bottle')).getByText('$58.20')).toBeInTheDocument();
    expect(within(findRowOf('1 oz bottle')).getByText('$4.85')).toBeInTheDocument();
    expect(within(findRowOf('50/50 split pack')).getByText('$93.00')).toBeInTheDocument();
    // Per-bottle prices only where exact (docs/storefront.md#order-form): none for the split pack, 'Same as
    // Above' for the bundle, priced from its parts: 6 × $10.65 + 6 × $4.85.
    expect(within(findRowOf('50/50 split pack')).queryByText('$7.75')).toBeNull();
    expect(within(findRowOf('50/50 split pack')).getByText('Priced by the pack')).toBeInTheDocument();
    expect(within(findRowOf('Case of mixed bottles')).getByText('$93.00')).toBeInTheDocument();
    expect(within(findRowOf('Case of mixed bottles')).getByText('Same as Above')).toBeInTheDocument();
    expect(within(findRowOf('Case of mixed bottles')).queryByText('$7.75')).toBeNull();

    // The tester is its own card, never a row.
    expect(within(table).queryByText('Free in-store tester')).toBeNull();
    expect(within(table).queryByText('SKU: 800-0003')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Free in-store tester' })).toBeInTheDocument();
  });

  it('shows the product image when there is one and a placeholder otherwise', async () => {
    stubApi();

    renderApp('/');

    await screen.findByRole('table');
    expect(findRowOf('4 oz bottle').querySelector('img')?.getAttribute('src')).toBe(
      'https://cdn.dewdrop.test/4oz.png',
    );
    expect(findRowOf('1 oz bottle').querySelector('img')).toBeNull();
    expect(findRowOf('1 oz bottle').querySelector('svg')).not.toBeNull();
  });

  it('gives every row a minus button, a cases input and a plus button', async () => {
    stubApi();

    renderApp('/');

    const row = await screen.findByText('4 oz bottle').then(() => findRowOf('4 oz bottle'));
    expect(within(row).getByRole('button', { name: 'Remove one case of 4 oz bottle' })).toBeInTheDocument();
    expect(within(row).getByRole('spinbutton', { name: 'Cases of 4 oz bottle' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Add one case of 4 oz bottle' })).toBeInTheDocument();
  });

  it('prices 2 cases of 4 oz and 1 of 1 oz at the 10% tier at once, flags the rows and saves the cart', async () => {
    const fetchMock = stubApi();

    renderApp('/');

    await screen.findByRole('table');
    fireEvent.change(casesInput('4 oz bottle'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 1 oz bottle' }));

    const fourOunce = findRowOf('4 oz bottle');
    expect(within(fourOunce).getByText('$115.08')).toBeInTheDocument();
    expect(within(fourOunce).getByText('$9.59')).toBeInTheDocument();
    expect(within(fourOunce).getByText('10% off')).toBeInTheDocument();
    expect(within(fourOunce).getByText('$10.65').tagName).toBe('S');
    const oneOunce = findRowOf('1 oz bottle');
    expect(within(oneOunce).getByText('$52.44')).toBeInTheDocument();
    expect(within(oneOunce).getByText('$4.37')).toBeInTheDocument();
    // A row without a quantity keeps its base price and no flag.
    expect(within(findRowOf('50/50 split pack')).queryByText(/% off/)).toBeNull();

    expect(summaryValue('Cases')).toBe('3');
    expect(summaryValue('Units')).toBe('36');
    expect(summaryValue('Standard Total')).toBe('$313.80');
    expect(summaryValue(/^Savings/)).toBe('-$31.20');
    expect(summaryValue('Discounted Total')).toBe('$282.60');
    expect(screen.getByText('Add 2 more cases: you save $15.96 more')).toBeInTheDocument();
    // Prices came from the engine in the browser: no price request per change.
    expect(countCalls(fetchMock, '/api/products/')).toBe(0);
    expect(countCalls(fetchMock, '/api/calculate-prices')).toBe(0);

    expect(storedCart()).toMatchObject({
      items: [
        { productId: 1, quantity: 24 },
        { productId: 21, quantity: 12 },
      ],
      testerAdded: false,
    });
  });

  it('restores the saved cart on load', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 4,
        items: [{ productId: 27, quantity: 24 }],
        testerAdded: true,
        updatedAt: '2031-05-01T10:00:00.000Z',
      }),
    );
    stubApi();

    renderApp('/');

    await screen.findByRole('table');
    expect(casesInput('50/50 split pack').value).toBe('2');
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Tester quantity' }).value).toBe('1');
    expect(summaryValue('Items')).toBe('2');
    expect(summaryValue('Cases')).toBe('2');
  });

  it('follows a newer cart saved in another tab, live', async () => {
    stubApi();
    renderApp('/');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 4 oz bottle' }));

    const fromOtherTab = {
      version: 99,
      items: [{ productId: 21, quantity: 60 }],
      testerAdded: true,
      updatedAt: '2031-05-01T10:00:00.000Z',
    };
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: JSON.stringify(fromOtherTab) }),
      );
    });

    expect(casesInput('4 oz bottle').value).toBe('0');
    expect(casesInput('1 oz bottle').value).toBe('5');
    expect(summaryValue('Cases')).toBe('5');
    expect(within(findRowOf('1 oz bottle')).getByText('15% off')).toBeInTheDocument();
  });

  it('checks the cart on the server 1 s after the last change and shows the result', async () => {
    const fetchMock = stubApi({
      '/api/validate-cart': () =>
        jsonResponse({ success: true, errors: [], warnings: ['Inventory is low for 4 oz Bottle'] }),
    });
    renderApp('/');
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 4 oz bottle' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 4 oz bottle' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add tester' }));
    expect(screen.getByText('Checking your cart…')).toBeInTheDocument();
    expect(countCalls(fetchMock, '/api/validate-cart')).toBe(0);

    expect(await screen.findByText('Inventory is low for 4 oz Bottle')).toBeInTheDocument();
    // The three quick changes gave one check, with the last cart.
    expect(countCalls(fetchMock, '/api/validate-cart')).toBe(1);
    const [, init] = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/validate-cart') ?? [];
    expect(JSON.parse(requestBody(init))).toEqual({
      items: [
        { productId: 1, quantity: 24, price: 9.9, name: '4 oz bottle', sku: '800-0001' },
        { productId: 41, quantity: 1, price: 0, name: 'Free in-store tester', sku: '800-0003' },
      ],
    });
    expect(toast.warning).toHaveBeenCalledWith('Cart validation', {
      description: 'Inventory is low for 4 oz Bottle',
    });
  });

  it("says 'Cart looks good' when the server finds nothing, and checks nothing for an empty cart", async () => {
    const fetchMock = stubApi();
    renderApp('/');
    await screen.findByRole('table');
    expect(screen.queryByText('Checking your cart…')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 1 oz bottle' }));

    expect(await screen.findByText('Cart looks good')).toBeInTheDocument();
    expect(toast.warning).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove one case of 1 oz bottle' }));
    expect(screen.queryByText('Cart looks good')).toBeNull();
    expect(countCalls(fetchMock, '/api/validate-cart')).toBe(1);
  });

  it("shows 'Cart validation failed' with the first error, and 'Cart validation error' for a failed request", async () => {
    let answer = () =>
      jsonResponse({ success: false, errors: ['Product 800-0002 is not available'], warnings: [] });
    stubApi({ '/api/validate-cart': () => answer() });
    renderApp('/');
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 1 oz bottle' }));
    expect(await screen.findByText('Product 800-0002 is not available')).toBeInTheDocument();
    expect(toast.error).toHaveBeenLastCalledWith('Cart validation failed', {
      description: 'Product 800-0002 is not available',
    });

    answer = () => new Response('', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 1 oz bottle' }));
    expect(await screen.findByText('Error validating cart: 500')).toBeInTheDocument();
    expect(toast.error).toHaveBeenLastCalledWith('Cart validation error', {
      description: 'Error validating cart: 500',
    });
  });

  it("tells a visitor 'Not signed in' with a link to /auth", async () => {
    stubApi();

    renderApp('/');

    const banner = screen.getByRole('complementary', { name: 'Not signed in' });
    expect(within(banner).getByText('Not signed in')).toBeInTheDocument();
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/auth');
    await screen.findByRole('table');
  });

  it('blocks the review of an empty cart with the spec message', async () => {
    const { history } = stubAndRender();
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Review Your Order' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please select at least one product or add a tester to your order');
    expect(toast.error).toHaveBeenCalledWith(
      'Please select at least one product or add a tester to your order',
    );
    expect(history.location.pathname).toBe('/');

    // The message goes once the cart changes.
    fireEvent.click(screen.getByRole('button', { name: 'Add tester' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('blocks a cart that is not in whole cases with the case message', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        items: [{ productId: 1, quantity: 18 }],
        testerAdded: false,
        updatedAt: '2031-05-01T10:00:00.000Z',
      }),
    );
    stubAndRender();
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Review Your Order' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Case Quantity Error: Regular products must be ordered in full case quantities of 12 bottles.',
    );
  });

  it('saves the cart, scrolls to the top and opens /confirm 250 ms after Review Your Order', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    // /confirm is in the customer area, so this customer is signed in.
    stubApi({ '/api/session': () => jsonResponse({ user: testUser }) });
    const { history } = renderApp('/');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 4 oz bottle' }));
    localStorage.removeItem(CART_STORAGE_KEY);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Review Your Order' }));
      expect(storedCart()).toMatchObject({ items: [{ productId: 1, quantity: 12 }] });
      expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));

      act(() => {
        vi.advanceTimersByTime(249);
      });
      expect(history.location.pathname).toBe('/');
      act(() => {
        vi.advanceTimersByTime(1);
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(history.location.pathname).toBe('/confirm'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Review Your Order' })).toBeInTheDocument();
  });

  it('shows base prices and a note when the volume tiers cannot be loaded', async () => {
    stubApi({ '/api/pricing-catalog': () => errorResponse(404, 'Not found') });
    renderApp('/');
    await screen.findByRole('table');

    fireEvent.change(casesInput('4 oz bottle'), { target: { value: '3' } });

    expect(within(findRowOf('4 oz bottle')).getByText('$127.80')).toBeInTheDocument();
    expect(within(findRowOf('4 oz bottle')).queryByText(/% off/)).toBeNull();
    expect(summaryValue('Discounted Total')).toBe('$383.40');
    expect(screen.getByText(/Volume discounts could not be loaded/)).toBeInTheDocument();
  });

  it('shows products as labelled cards and folds the summary behind a toggle under 768 px', async () => {
    useMobileViewport();
    stubApi();

    renderApp('/');

    const card = await screen.findByText('4 oz bottle').then(() => findRowOf('4 oz bottle'));
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('Price per Case').nextElementSibling?.textContent).toBe('$127.80');
    expect(within(card).getByText('Price per Bottle').nextElementSibling?.textContent).toBe('$10.65');

    fireEvent.click(within(card).getByRole('button', { name: 'Add one case of 4 oz bottle' }));
    const toggle = screen.getByRole('button', { name: /Order Summary/ });
    expect(toggle.textContent).toContain('$121.44');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(summaryValue('Discounted Total')).toBe('$121.44');
  });

  it('keeps a slim bar on a phone screen with the total, the tier and what the next tier saves', async () => {
    useMobileViewport();
    stubApi();

    renderApp('/');

    const card = await screen.findByText('4 oz bottle').then(() => findRowOf('4 oz bottle'));
    // Nothing to say for an empty cart.
    expect(screen.queryByRole('region', { name: 'Order total' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Add one case of 4 oz bottle' }));

    const bar = within(screen.getByRole('region', { name: 'Order total' }));
    expect(bar.getByText('$121.44')).toBeInTheDocument();
    expect(bar.getByText('5% off')).toBeInTheDocument();
    // The nudge that used to wait inside the folded summary at the bottom of the page.
    expect(bar.getByText(/^Add 1 more case: you save \$\d+\.\d{2} more$/)).toBeInTheDocument();
    expect(document.body.classList.contains('pb-24')).toBe(true);

    fireEvent.click(bar.getByRole('button', { name: 'Summary' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Order Summary/ }));
  });

  it('shows no total bar on a desktop, where the summary stays beside the products', async () => {
    stubApi();

    renderApp('/');

    const row = await screen.findByText('4 oz bottle').then(() => findRowOf('4 oz bottle'));
    fireEvent.click(within(row).getByRole('button', { name: 'Add one case of 4 oz bottle' }));
    expect(await screen.findByRole('region', { name: /^Order Summary/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Order total' })).toBeNull();
  });

  it('says so when the catalogue is empty', async () => {
    stubApi({ '/api/products': () => jsonResponse(testProducts.filter((product) => product.isTester)) });

    renderApp('/');

    expect(await screen.findByText('No products are available right now.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review Your Order' })).toBeNull();
  });

  it("shows 'Failed to fetch products' when loading fails, and Retry loads them again", async () => {
    let productCalls = 0;
    const fetchMock = stubApi({
      '/api/products': () => {
        productCalls += 1;
        return productCalls === 1
          ? errorResponse(503, 'Service temporarily unavailable')
          : jsonResponse(testProducts);
      },
    });

    renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch products')).toBeInTheDocument();
    expect(within(alert).getByText('503: Service temporarily unavailable')).toBeInTheDocument();

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('4 oz bottle')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch products')).toBeNull();
    expect(countCalls(fetchMock, '/api/products')).toBe(2);
  });
});

function stubAndRender() {
  stubApi();
  return renderApp('/');
}
