// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { CART_MESSAGES } from '../../../shared/cart-rules';
import { CART_STORAGE_KEY, cartStore } from '../../lib/cart/cart-store';
import { TesterCard } from './tester-card';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';

registerCartTestHooks();

const quantityInput = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Tester quantity' });
const addButton = () => screen.getByRole('button', { name: 'Add tester' });
const removeButton = () => screen.getByRole('button', { name: 'Remove tester' });

describe('TesterCard', () => {
  it('offers the tester with an input from 0 to 1, not added at first', () => {
    render(<TesterCard name="Free In-Store Tester" />);

    expect(screen.getByRole('heading', { name: 'Free In-Store Tester' })).toBeInTheDocument();
    expect(quantityInput().value).toBe('0');
    expect(quantityInput()).toHaveAttribute('aria-valuemin', '0');
    expect(quantityInput()).toHaveAttribute('aria-valuemax', '1');
  });

  it("adds the tester with 'Tester added' and removes it with 'Tester removed', saving the cart", () => {
    render(<TesterCard name="Free In-Store Tester" />);

    fireEvent.click(addButton());
    expect(quantityInput().value).toBe('1');
    expect(screen.getByText('Added to your order')).toBeInTheDocument();
    expect(toast.success).toHaveBeenLastCalledWith('Tester added');
    expect(cartStore.getSnapshot().testerAdded).toBe(true);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({ testerAdded: true });

    fireEvent.click(removeButton());
    expect(quantityInput().value).toBe('0');
    expect(toast.success).toHaveBeenLastCalledWith('Tester removed');
    expect(cartStore.getSnapshot().testerAdded).toBe(false);
  });

  it("keeps one tester and shows 'Tester Limit: Only one tester per order is allowed' when more are asked for", () => {
    render(<TesterCard name="Free In-Store Tester" />);

    fireEvent.change(quantityInput(), { target: { value: '3' } });
    expect(quantityInput().value).toBe('1');
    expect(cartStore.getSnapshot().testerAdded).toBe(true);
    expect(toast.warning).toHaveBeenLastCalledWith('Tester Limit: Only one tester per order is allowed');

    vi.mocked(toast.warning).mockClear();
    fireEvent.click(addButton());
    expect(quantityInput().value).toBe('1');
    expect(toast.warning).toHaveBeenCalledExactlyOnceWith(CART_MESSAGES.testerLimit);
  });

  it('takes 1 and 0 typed in the input', () => {
    render(<TesterCard name="Free In-Store Tester" />);

    fireEvent.change(quantityInput(), { target: { value: '1' } });
    expect(cartStore.getSnapshot().testerAdded).toBe(true);
    fireEvent.change(quantityInput(), { target: { value: '0' } });
    expect(cartStore.getSnapshot().testerAdded).toBe(false);
    expect(toast.success).toHaveBeenLastCalledWith('Tester removed');
  });

  it("shows 'Error updating tester' and leaves the tester out when the cart cannot be saved", () => {
    vi.spyOn(window.localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    render(<TesterCard name="Free In-Store Tester" />);

    fireEvent.click(addButton());

    expect(toast.error).toHaveBeenCalledExactlyOnceWith('Error updating tester', {
      description: 'There was a problem updating your tester. Please try again.',
    });
    expect(toast.success).not.toHaveBeenCalled();
    expect(quantityInput().value).toBe('0');
    expect(cartStore.getSnapshot().testerAdded).toBe(false);
  });
});
