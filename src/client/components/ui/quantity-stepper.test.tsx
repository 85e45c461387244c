// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './quantity-stepper';

afterEach(cleanup);

function Harness({
  initial = 0,
  max = 999,
  onChange,
  onExceedMax,
}: {
  initial?: number;
  max?: number;
  onChange?: (next: number) => void;
  onExceedMax?: () => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <QuantityStepper
        value={value}
        max={max}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
        onExceedMax={onExceedMax}
        inputLabel="Cases of 4 oz Bottle"
        decrementLabel="Remove one case of 4 oz Bottle"
        incrementLabel="Add one case of 4 oz Bottle"
      />
      <output aria-label="quantity">{value}</output>
    </>
  );
}

const input = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Cases of 4 oz Bottle' });
const quantity = () => screen.getByLabelText('quantity').textContent;

describe('QuantityStepper', () => {
  it('is a minus button, a number input and a plus button with accessible names', () => {
    render(<Harness />);

    expect(screen.getByRole('button', { name: 'Remove one case of 4 oz Bottle' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add one case of 4 oz Bottle' })).toBeInTheDocument();
    expect(input().inputMode).toBe('numeric');
    expect(input().getAttribute('aria-valuemin')).toBe('0');
    expect(input().getAttribute('aria-valuemax')).toBe('999');
    expect(input().value).toBe('0');
  });

  it('adds and removes one with + and −, and never goes below 0', () => {
    render(<Harness />);
    const plus = screen.getByRole('button', { name: 'Add one case of 4 oz Bottle' });
    const minus = screen.getByRole('button', { name: 'Remove one case of 4 oz Bottle' });

    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(quantity()).toBe('2');
    expect(input().value).toBe('2');

    fireEvent.click(minus);
    fireEvent.click(minus);
    fireEvent.click(minus);
    expect(quantity()).toBe('0');
    expect(minus.getAttribute('aria-disabled')).toBe('true');
  });

  it('takes a typed whole number', () => {
    render(<Harness />);

    fireEvent.change(input(), { target: { value: '7' } });

    expect(quantity()).toBe('7');
  });

  it.each(['abc', '-3', '1.5', '2e3', '-'])(
    'refuses %j with a visible message, shows what was typed, and keeps the quantity',
    (typed) => {
      const onChange = vi.fn();
      render(<Harness initial={3} onChange={onChange} />);

      fireEvent.focus(input());
      fireEvent.change(input(), { target: { value: typed } });
      expect(input().value).toBe(typed);
      expect(input()).toHaveAttribute('aria-invalid', 'true');
      expect(input()).toHaveAccessibleDescription('Enter a whole number from 0 to 999. Still 3.');

      fireEvent.blur(input());
      expect(onChange).not.toHaveBeenCalled();
      expect(quantity()).toBe('3');
      expect(input().value).toBe('3');
      expect(input()).not.toHaveAttribute('aria-invalid');
      expect(screen.getByText('Enter a whole number from 0 to 999. Still 3.')).toBeVisible();
    },
  );

  it("never splices what is typed after a refused character into the old quantity ('-2' on 5 is not 52)", () => {
    const onChange = vi.fn();
    render(<Harness initial={5} onChange={onChange} />);

    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '-' } });
    fireEvent.change(input(), { target: { value: '-2' } });

    expect(input().value).toBe('-2');
    expect(onChange).not.toHaveBeenCalled();
    expect(quantity()).toBe('5');

    // Typing a whole number again takes it and clears the message.
    fireEvent.change(input(), { target: { value: '2' } });
    expect(quantity()).toBe('2');
    expect(input()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/Enter a whole number/)).toBeNull();
  });

  it('takes the spin button keys: ArrowUp and ArrowDown by one, Home to 0, and stops at the limits', () => {
    render(<Harness initial={2} max={3} />);

    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(quantity()).toBe('3');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(quantity()).toBe('3');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(quantity()).toBe('2');
    fireEvent.keyDown(input(), { key: 'Home' });
    expect(quantity()).toBe('0');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(quantity()).toBe('0');
    expect(input()).toHaveAttribute('aria-valuenow', '0');
  });

  it('says so when a typed number is capped at the maximum', () => {
    render(<Harness initial={5} />);

    fireEvent.change(input(), { target: { value: '99999' } });

    expect(quantity()).toBe('999');
    expect(input().value).toBe('999');
    expect(input()).toHaveAccessibleDescription('Capped at 999, the most allowed.');
  });

  it('shows a cleared field empty while typing and the quantity again on leaving it', () => {
    const onChange = vi.fn();
    render(<Harness initial={3} onChange={onChange} />);

    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '' } });
    expect(input().value).toBe('');

    fireEvent.blur(input());
    expect(input().value).toBe('3');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('clamps to the maximum and reports the attempt after the change', () => {
    const calls: string[] = [];
    render(
      <Harness
        max={1}
        onChange={(next) => calls.push(`change ${next}`)}
        onExceedMax={() => calls.push('exceeded')}
      />,
    );

    fireEvent.change(input(), { target: { value: '5' } });
    expect(quantity()).toBe('1');
    expect(input().value).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 4 oz Bottle' }));
    expect(quantity()).toBe('1');
    expect(calls).toEqual(['change 1', 'exceeded', 'exceeded']);
  });
});
