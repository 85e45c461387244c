// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { takeTokenFromAddressBar, useUrlToken } from './url-token';

afterEach(() => window.history.replaceState(null, '', '/'));

function ShowToken() {
  const { token, next } = useUrlToken();
  return (
    <p>
      token {String(token)}, next {String(next)}
    </p>
  );
}

it('takes the token out of the address bar as the app starts and gives it to the page it was for', () => {
  window.history.replaceState({ key: 'k' }, '', '/auth/verify?token=tok_1&next=%2Forders#top');
  takeTokenFromAddressBar();

  expect(window.location.search).toBe('?next=%2Forders');
  expect(window.location.hash).toBe('#top');
  expect(window.history.state).toEqual({ key: 'k' });

  // The router starts from the address without the token.
  render(
    <MemoryRouter initialEntries={['/auth/verify?next=%2Forders']}>
      <ShowToken />
    </MemoryRouter>,
  );
  expect(screen.getByText('token tok_1, next /orders')).toBeInTheDocument();
  cleanup();

  // Coming back to the page finds no token: it was used.
  render(
    <MemoryRouter initialEntries={['/auth/verify?next=%2Forders']}>
      <ShowToken />
    </MemoryRouter>,
  );
  expect(screen.getByText('token null, next /orders')).toBeInTheDocument();
});

it('gives another page no token', () => {
  window.history.replaceState(null, '', '/reset-password?token=tok_2');
  takeTokenFromAddressBar();
  render(
    <MemoryRouter initialEntries={['/auth/verify']}>
      <ShowToken />
    </MemoryRouter>,
  );
  expect(screen.getByText('token null, next null')).toBeInTheDocument();
});
