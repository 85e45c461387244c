// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { AppRouter, createMemoryHistory } from '../lib/app-router';
import { PageErrorBoundary } from './route-error';

afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  throw new Error('the page broke');
}

function Pages() {
  return (
    <PageErrorBoundary>
      <Routes>
        <Route path="/broken" element={<Broken />} />
        <Route path="/terms" element={<h1>Terms</h1>} />
      </Routes>
    </PageErrorBoundary>
  );
}

it('shows the error page when a page throws, and the next page when the reader moves on', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const history = createMemoryHistory({ initialEntries: ['/broken'], v5Compat: true });
  render(
    <AppRouter history={history}>
      <Pages />
    </AppRouter>,
  );

  expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  // Kept in the console for support.
  expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'the page broke' }));

  act(() => history.push('/terms'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Terms' })).toBeInTheDocument();
  expect(screen.queryByText('Something went wrong')).toBeNull();
});

it('tries the page again when the reader opens it again', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let broken = true;
  function Flaky() {
    if (broken) throw new Error('not yet');
    return <h1>Orders</h1>;
  }
  const history = createMemoryHistory({ initialEntries: ['/orders'], v5Compat: true });
  render(
    <AppRouter history={history}>
      <PageErrorBoundary>
        <Routes>
          <Route path="/orders" element={<Flaky />} />
        </Routes>
      </PageErrorBoundary>
    </AppRouter>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();

  broken = false;
  act(() => history.push('/orders'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
});
