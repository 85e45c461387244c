// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { priceCart, savingsAtNextTier, type CartLine, type PricingCatalog } from '../../../shared/pricing';
import { catalogFromApi } from '../../../shared/pricing-catalog';
import { testPricingCatalog, testProducts } from '../../test-support/api-fixtures';
import { OrderSummary } from './order-summary';
import { describeNextTier } from './volume-discounts';

afterEach(cleanup);

const catalog = catalogFromApi(testProducts, testPricingCatalog);
const FOUR_OUNCE = 1;
const ONE_OUNCE = 21;
const TESTER = 41;

function renderSummary(lines: CartLine[], collapsible = false, within: PricingCatalog = catalog) {
  const cart = priceCart(within, lines);
  render(
    <OrderSummary
      cart={cart}
      tiers={within.tiers}
      nextTierSavings={savingsAtNextTier(within, cart)}
      collapsible={collapsible}
    />,
  );
  return cart;
}

/** The value next to a label in one of the summary's description lists. */
function valueOf(label: string | RegExp, scope: HTMLElement = document.body): string | null {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('OrderSummary', () => {
  it('sums 2 cases of 4 oz and 1 case of 1 oz at the 10% tier: $282.60 instead of $313.80', () => {
    renderSummary([
      { productId: FOUR_OUNCE, quantity: 24 },
      { productId: ONE_OUNCE, quantity: 12 },
    ]);

    expect(valueOf('Items')).toBe('2');
    expect(valueOf('Cases')).toBe('3');
    expect(valueOf('Units')).toBe('36');
    expect(valueOf('Standard Total')).toBe('$313.80');
    expect(valueOf('Savings (10% volume discount)')).toBe('-$31.20');
    expect(valueOf('Discounted Total')).toBe('$282.60');
  });

  it('shows shipping as free with the $19.00 list fee crossed out', () => {
    renderSummary([{ productId: FOUR_OUNCE, quantity: 12 }]);

    const shipping = screen.getByText('Shipping', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(within(shipping).getByText('$19.00').tagName).toBe('S');
    expect(within(shipping).getByText('Free')).toBeInTheDocument();
  });

  it('lists the four tiers, highlights the one reached and says what the next one needs', () => {
    renderSummary([
      { productId: FOUR_OUNCE, quantity: 24 },
      { productId: ONE_OUNCE, quantity: 12 },
    ]);

    const discounts = screen.getByRole('region', { name: 'Volume Discounts' });
    const tiers = within(discounts).getAllByRole('listitem');
    expect(tiers.map((tier) => tier.textContent)).toEqual([
      '1+ case5% off',
      '2+ cases7% off',
      '3+ cases (your tier)10% off',
      '5+ cases15% off',
    ]);
    expect(tiers.map((tier) => tier.getAttribute('aria-current'))).toEqual([null, null, 'true', null]);
    // What 15 % would take off these lines: 24 × (9.59 − 9.05) + 12 × (4.37 − 4.12).
    expect(within(discounts).getByText('Add 2 more cases: you save $15.96 more')).toBeInTheDocument();
  });

  it('tells one story with a custom price: its own savings line, and a nudge that promises only what changes', () => {
    // A custom 4 oz price of $9.00 at the 10 % tier; at 15 % the 4 oz would cost $9.05, more than $9.00.
    const volume = testPricingCatalog.tiers.find((tier) => tier.minimumCases === 3)!;
    const custom = catalogFromApi(testProducts, {
      ...testPricingCatalog,
      customPrices: [{ productId: FOUR_OUNCE, tierId: volume.id, price: 9 }],
    });
    renderSummary(
      [
        { productId: FOUR_OUNCE, quantity: 24 },
        { productId: ONE_OUNCE, quantity: 12 },
      ],
      false,
      custom,
    );

    expect(valueOf('Standard Total')).toBe('$313.80');
    // 12 × (4.85 − 4.37) from the tier; 24 × (10.65 − 9.00) from the custom price.
    expect(valueOf('Savings (10% volume discount)')).toBe('-$5.76');
    expect(valueOf('Savings (your prices)')).toBe('-$39.60');
    expect(valueOf('Discounted Total')).toBe('$268.44');
    // 12 × (4.37 − 4.12) − 24 × (9.05 − 9.00): not '15%'.
    const discounts = screen.getByRole('region', { name: 'Volume Discounts' });
    expect(within(discounts).getByText('Add 2 more cases: you save $1.80 more')).toBeInTheDocument();
    expect(within(discounts).queryByText(/save 15%/)).toBeNull();
  });

  it('keeps a long amount whole on its line', () => {
    renderSummary([{ productId: FOUR_OUNCE, quantity: 999 * 12 }]);

    const savings = screen.getByText(/^Savings/, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(savings.textContent).toBe('-$19,180.80');
    expect(savings.className).toContain('whitespace-nowrap');
  });

  it('counts the tester as an item but not as a case or unit, at no cost', () => {
    renderSummary([
      { productId: FOUR_OUNCE, quantity: 12 },
      { productId: TESTER, quantity: 1 },
    ]);

    expect(valueOf('Items')).toBe('2');
    expect(valueOf('Cases')).toBe('1');
    expect(valueOf('Units')).toBe('12');
    expect(valueOf('Discounted Total')).toBe('$121.44');
  });

  it('compares retail value with wholesale cost per product and in total', () => {
    renderSummary([
      { productId: FOUR_OUNCE, quantity: 24 },
      { productId: ONE_OUNCE, quantity: 12 },
    ]);

    const profit = screen.getByRole('region', { name: 'Profit Analysis' });
    const fourOunce = within(profit).getByText('4 oz bottle').closest('li') as HTMLElement;
    expect(valueOf('Retail', fourOunce)).toBe('$624.00');
    expect(valueOf('Wholesale', fourOunce)).toBe('$230.16');
    expect(valueOf('Profit', fourOunce)).toBe('$393.84');
    const oneOunce = within(profit).getByText('1 oz bottle').closest('li') as HTMLElement;
    expect(valueOf('Retail', oneOunce)).toBe('$120.00');
    expect(valueOf('Wholesale', oneOunce)).toBe('$52.44');
    expect(valueOf('Profit', oneOunce)).toBe('$67.56');
    expect(valueOf('Retail Value', profit)).toBe('$744.00');
    expect(valueOf('Wholesale Cost', profit)).toBe('$282.60');
    expect(valueOf(/^Total Profit/, profit)).toBe('$461.40');
  });

  it('shows zeros and the first tier to reach for an empty cart', () => {
    renderSummary([]);

    expect(valueOf('Cases')).toBe('0');
    expect(valueOf('Discounted Total')).toBe('$0.00');
    expect(screen.getByText('Add 1 more case to save 5%')).toBeInTheDocument();
    expect(screen.getByText(/Add products to see what you could earn/)).toBeInTheDocument();
  });

  it('folds behind a toggle showing the total when collapsible, and opens on click', () => {
    renderSummary([{ productId: FOUR_OUNCE, quantity: 36 }], true);

    const toggle = screen.getByRole('button', { name: /Order Summary/ });
    expect(toggle.textContent).toContain('$345.24');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    expect(panel?.contains(screen.getByText('Standard Total'))).toBe(true);

    fireEvent.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
  });
});

describe('describeNextTier', () => {
  const tiers = catalog.tiers;
  const next = (cases: number) => {
    const cart = priceCart(catalog, cases ? [{ productId: 1, quantity: cases * 12 }] : []);
    return describeNextTier(cart.next, savingsAtNextTier(catalog, cart));
  };

  it("offers the first tier to an empty cart, then says what the next tier saves on the cart's lines", () => {
    expect(tiers).toHaveLength(4);
    expect(next(0)).toBe('Add 1 more case to save 5%');
    // 12 × (10.12 − 9.90).
    expect(next(1)).toBe('Add 1 more case: you save $2.64 more');
    expect(next(2)).toBe('Add 1 more case: you save $7.44 more');
    expect(next(3)).toBe('Add 2 more cases: you save $19.44 more');
    expect(next(4)).toBe('Add 1 more case: you save $25.92 more');
    expect(next(5)).toBeNull();
  });

  it('promises nothing when the next tier would change no price, and shows a fractional discount as it is', () => {
    const tier = { id: 9, name: 'x', minimumCases: 8, discountPercentage: 1750 };
    expect(describeNextTier({ tier, casesNeeded: 3 }, 0)).toBeNull();
    expect(describeNextTier({ tier, casesNeeded: 3 }, null)).toBe('Add 3 more cases to save 17.5%');
  });
});
