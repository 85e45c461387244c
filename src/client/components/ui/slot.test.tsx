// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Slot } from './slot';

afterEach(cleanup);

it("gives a Button's look to its child element, which keeps its own props and type", () => {
  render(
    <Button asChild size="sm" className="mt-8">
      <a href="/auth" className="font-bold">
        Sign In
      </a>
    </Button>,
  );
  const link = screen.getByRole('link', { name: 'Sign In' });
  expect(link.getAttribute('href')).toBe('/auth');
  expect(link.className).toContain('inline-flex');
  expect(link.className).toContain('weak:h-9');
  expect(link.className).toContain('mt-8');
  expect(link.className).toContain('font-bold');
  expect(link.hasAttribute('type')).toBe(false);
});

it("runs both click handlers, the child's first, and sets both refs", () => {
  const calls: string[] = [];
  const slotRef = createRef<HTMLElement>();
  const childRef = vi.fn();
  render(
    <Slot onClick={() => calls.push('slot')} ref={slotRef} title="from the slot">
      <button type="button" onClick={() => calls.push('child')} ref={childRef} title="own">
        Go
      </button>
    </Slot>,
  );
  const button = screen.getByRole('button', { name: 'Go' });
  fireEvent.click(button);
  expect(calls).toEqual(['child', 'slot']);
  expect(slotRef.current).toBe(button);
  expect(childRef).toHaveBeenCalledWith(button);
  expect(button.getAttribute('title')).toBe('own');
});
