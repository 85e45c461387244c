// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { toast } from '../lib/toast';
import { Toaster } from './toaster';

afterEach(cleanup);

it('shows toasts in the bottom right corner, away from headings and section descriptions', async () => {
  render(<Toaster />);

  act(() => toast.success('Saved', { description: 'The FAQ item was saved.' }));

  expect(await screen.findByText('Saved')).toBeInTheDocument();
  const host = document.querySelector('[data-sonner-toaster]');
  expect(host?.getAttribute('data-y-position')).toBe('bottom');
  expect(host?.getAttribute('data-x-position')).toBe('right');
});
