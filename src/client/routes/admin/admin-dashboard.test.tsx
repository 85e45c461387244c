// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { supportMessagesHref } from '../../components/admin/admin-links';
import { ADMIN_SECTIONS, ADMIN_SECTION_STORAGE_KEY } from '../../components/admin/admin-sections';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderApp } from '../../test-support/render-app';
import {
  countCalls,
  errorResponse,
  jsonResponse,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';

// The sections are other screens with their own tests; here they only show which one is open. Insights (the
// default) loads its figures, as the real sections do, to show what the shell does when an admin call is
// refused.
vi.mock('./sections/insights-section', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  const { z } = await import('zod');
  const { requestJson } = await import('../../lib/api');
  return {
    InsightsSection: function InsightsSection() {
      const figures = useQuery({
        queryKey: ['admin', 'insights'],
        queryFn: () => requestJson('/api/admin/insights', z.object({})),
      });
      return figures.isError ? 'Insights section failed' : 'Insights section';
    },
  };
});
vi.mock('./sections/products-section', () => ({ ProductsSection: () => 'Products section' }));
vi.mock('./sections/variants-section', () => ({ VariantsSection: () => 'Variants section' }));
vi.mock('./sections/pricing-section', () => ({ PricingSection: () => 'Pricing section' }));
// Orders links to an order's support messages as the real section does; Support shows the order it was given.
vi.mock('./sections/orders-section', async () => {
  const { Link } = await import('react-router');
  return {
    OrdersSection: () => (
      <>
        <p>Orders section</p>
        <Link to={supportMessagesHref(7)}>Messages (2)</Link>
      </>
    ),
  };
});
vi.mock('./sections/support-section', async () => {
  const { useSearchParams } = await import('react-router');
  return {
    SupportSection: function SupportSection() {
      const [params] = useSearchParams();
      const order = params.get('order');
      return order ? `Support section for order ${order}` : 'Support section';
    },
  };
});
vi.mock('./sections/pending-users-section', () => ({ PendingUsersSection: () => 'Pending Users section' }));
vi.mock('./sections/users-section', () => ({ UsersSection: () => 'Users section' }));
vi.mock('./sections/delivery-section', () => ({ DeliverySection: () => 'Delivery problems section' }));
// Security's code arrives late, as a chunk over a slow network would.
vi.mock('./sections/security-section', async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { SecuritySection: () => 'Security section' };
});
vi.mock('./sections/faq-section', () => ({
  FaqSection: () => {
    throw new Error('FAQ section crashed');
  },
}));

registerCartTestHooks();

const testAdmin: CurrentUser = {
  ...testUser,
  id: 1,
  username: 'admin',
  email: 'admin@dewdrop.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  businessName: null,
  role: 'admin',
};

const SECTION_LABELS = [
  'Insights',
  'Products',
  'Variants',
  'Pricing',
  'Orders',
  'Pending Users',
  'Users',
  'Companies',
  'FAQ Management',
  'Policies',
  'Support',
  'Delivery problems',
  'Security',
];

type Handlers = Parameters<typeof stubFetch>[0];

function stubApi(overrides: Handlers = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: testAdmin }),
    '/api/admin/insights': () => jsonResponse({}),
    ...overrides,
  });
}

function sectionNav() {
  return screen.getByRole('navigation', { name: 'Admin sections' });
}

function sectionLink(name: string) {
  return within(sectionNav()).getByRole('link', { name });
}

function currentSection(): string | null {
  const current = within(sectionNav())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page');
  expect(current).toHaveLength(1);
  return current[0]?.textContent ?? null;
}

describe('/admin access', () => {
  it('shows a spinner while the session loads', async () => {
    stubApi({ '/api/session': () => new Promise<Response>(() => undefined) });
    renderApp('/admin');

    expect(await screen.findByText('Loading admin portal…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('sends a visitor to /admin/login', async () => {
    stubApi({ '/api/session': () => jsonResponse({ user: null }) });
    const { history } = renderApp('/admin');

    await waitFor(() => expect(history.location.pathname).toBe('/admin/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Portal' })).toBeInTheDocument();
  });

  it("comes back to a link's address (a support e-mail's) after signing in on /admin/login", async () => {
    let signedIn = false;
    stubApi({
      '/api/session': () => jsonResponse({ user: signedIn ? testAdmin : null }),
      '/api/admin/login': () => {
        signedIn = true;
        return jsonResponse(testAdmin);
      },
    });
    const { history } = renderApp('/admin?section=support&order=12');

    await waitFor(() => expect(history.location.pathname).toBe('/admin/login'));
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Support section for order 12')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin');
    expect(history.location.search).toBe('?section=support&order=12');
    expect(currentSection()).toBe('Support');
  });

  it("shows 'Access Denied' and 'Return to Home' to a signed-in customer", async () => {
    stubApi({
      '/api/session': () => jsonResponse({ user: testUser }),
    });
    const { history } = renderApp('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to access this area.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(history.location.pathname).toBe('/admin');
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
  });

  it('asks for the session once when an administrator is signed in', async () => {
    const fetchMock = stubApi();
    renderApp('/admin');

    await screen.findByText('Insights section');
    expect(countCalls(fetchMock, '/api/session')).toBe(1);
  });

  it('offers Retry when the session cannot be checked, instead of sending the admin away', async () => {
    let serverUp = false;
    stubApi({
      '/api/session': () =>
        serverUp ? jsonResponse({ user: testAdmin }) : errorResponse(503, 'Service temporarily unavailable'),
    });
    const { history } = renderApp('/admin');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Service temporarily unavailable');
    expect(history.location.pathname).toBe('/admin');

    serverUp = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Insights section')).toBeInTheDocument();
  });
});

describe('/admin dashboard', () => {
  it("lists Insights, then the sections in the spec's order, and shows the administrator's name, e-mail and Logout", async () => {
    stubApi();
    renderApp('/admin');

    expect(await screen.findByText('Insights section')).toBeInTheDocument();
    expect(
      within(sectionNav())
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual(SECTION_LABELS.map((label, index) => [label, `/admin?section=${ADMIN_SECTIONS[index]?.id}`]));
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('admin@dewdrop.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // The dashboard's description is said once, beside the sections, not above every one of them.
    expect(
      screen.getAllByText(/Allowed SKUs; Pricing \(volume tiers and custom product pricing\); Users/),
    ).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(`Insights · Admin Dashboard | ${testConfig.storeName}`));
  });

  it('opens Insights, the first section, by default, at its own address', async () => {
    stubApi();
    const { history } = renderApp('/admin');

    await screen.findByText('Insights section');
    expect(currentSection()).toBe('Insights');
    expect(history.location.search).toBe('?section=insights');
  });

  it('gives every section an address: Back returns to the section before, Forward comes back', async () => {
    stubApi();
    const { history } = renderApp('/admin');
    await screen.findByText('Insights section');

    fireEvent.click(sectionLink('Orders'));
    expect(await screen.findByText('Orders section')).toBeInTheDocument();
    expect(history.location.search).toBe('?section=orders');
    fireEvent.click(sectionLink('Users'));
    expect(await screen.findByText('Users section')).toBeInTheDocument();

    act(() => history.go(-1));
    expect(await screen.findByText('Orders section')).toBeInTheDocument();
    expect(currentSection()).toBe('Orders');
    act(() => history.go(-1));
    expect(await screen.findByText('Insights section')).toBeInTheDocument();
    expect(currentSection()).toBe('Insights');
    act(() => history.go(1));
    expect(await screen.findByText('Orders section')).toBeInTheDocument();
  });

  it("draws the section's one header while its code loads", async () => {
    stubApi();
    renderApp('/admin?section=security');

    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(screen.getByText('How your administrator account is protected at sign-in.')).toBeInTheDocument();
    expect(screen.queryByText('Security section')).toBeNull();
    expect(await screen.findByText('Security section')).toBeInTheDocument();
  });

  it('opens a bookmarked section whatever was chosen last', async () => {
    localStorage.setItem(ADMIN_SECTION_STORAGE_KEY, 'users');
    stubApi();
    renderApp('/admin?section=pricing');

    expect(await screen.findByText('Pricing section')).toBeInTheDocument();
    expect(currentSection()).toBe('Pricing');
  });

  it('switches sections and remembers the choice in localStorage across a reload', async () => {
    stubApi();
    renderApp('/admin');
    await screen.findByText('Insights section');

    fireEvent.click(sectionLink('Pending Users'));
    expect(await screen.findByText('Pending Users section')).toBeInTheDocument();
    expect(screen.queryByText('Insights section')).toBeNull();
    expect(currentSection()).toBe('Pending Users');
    // The section is stored by an effect, which may run after the section is drawn.
    await waitFor(() => expect(localStorage.getItem(ADMIN_SECTION_STORAGE_KEY)).toBe('pending-users'));

    fireEvent.click(sectionLink('Users'));
    expect(await screen.findByText('Users section')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(ADMIN_SECTION_STORAGE_KEY)).toBe('users'));

    cleanup();
    renderApp('/admin');
    expect(await screen.findByText('Users section')).toBeInTheDocument();
    expect(currentSection()).toBe('Users');
  });

  it('falls back to Insights when the stored section is unknown', async () => {
    localStorage.setItem(ADMIN_SECTION_STORAGE_KEY, 'reports');
    stubApi();
    renderApp('/admin');

    expect(await screen.findByText('Insights section')).toBeInTheDocument();
    expect(currentSection()).toBe('Insights');
  });

  it('moves between sections with the arrow keys, Home and End', async () => {
    stubApi();
    renderApp('/admin');
    await screen.findByText('Insights section');

    sectionLink('Insights').focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(sectionLink('Products'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(sectionLink('Security'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(sectionLink('Insights'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(sectionLink('Security'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(sectionLink('Insights'));
  });

  it('opens and closes the small-screen menu with its Menu button', async () => {
    stubApi();
    renderApp('/admin');
    await screen.findByText('Insights section');

    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    // Choosing a section closes the menu.
    fireEvent.click(sectionLink('Orders'));
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await screen.findByText('Orders section')).toBeInTheDocument();

    fireEvent.click(menuButton);
    fireEvent.keyDown(sectionLink('Orders'), { key: 'Escape' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menuButton);
  });

  it('keeps the sidebar usable when a section crashes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi();
    renderApp('/admin');
    await screen.findByText('Insights section');

    fireEvent.click(sectionLink('FAQ Management'));
    expect(await screen.findByText('This section could not be shown.')).toBeInTheDocument();
    fireEvent.click(sectionLink('Variants'));
    expect(await screen.findByText('Variants section')).toBeInTheDocument();
  });

  it('logs out: POST /api/admin/logout, admin data forgotten, back to /admin/login', async () => {
    let signedIn = true;
    const fetchMock = stubApi({
      '/api/session': () => jsonResponse({ user: signedIn ? testAdmin : null }),
      '/api/admin/logout': () => {
        signedIn = false;
        return jsonResponse({ message: 'Logged out' });
      },
    });
    const { history, queryClient } = renderApp('/admin');
    await screen.findByText('Insights section');
    await waitFor(() => expect(queryClient.getQueryData(['admin', 'insights'])).toEqual({}));

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(history.location.pathname).toBe('/admin/login'));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['admin', 'insights'])).toBeUndefined();
    expect(queryClient.getQueryData(['admin', 'session'])).toBeNull();
    const logout = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/admin/logout');
    expect(logout?.[1]?.method).toBe('POST');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("toasts 'Logout failed' and stays signed in when logging out fails", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({ '/api/admin/logout': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { history } = renderApp('/admin');
    await screen.findByText('Insights section');

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Logout' }).disabled).toBe(true),
    );
    answer(errorResponse(500, 'Internal Server Error'));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Logout failed'));
    expect(history.location.pathname).toBe('/admin');
    expect(await screen.findByText('Insights section')).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Logout' }).disabled).toBe(false);
  });

  it('goes to /admin/login when an admin call is refused because the session has ended', async () => {
    let sessionEnded = false;
    stubApi({
      '/api/session': () => jsonResponse({ user: sessionEnded ? null : testAdmin }),
      '/api/admin/insights': () =>
        sessionEnded ? errorResponse(401, 'Please sign in to continue.') : jsonResponse({}),
    });
    const { history, queryClient } = renderApp('/admin');
    await screen.findByText('Insights section');

    sessionEnded = true;
    await queryClient.refetchQueries({ queryKey: ['admin', 'insights'] });

    await waitFor(() => expect(history.location.pathname).toBe('/admin/login'));
  });
});

describe('/admin links', () => {
  it('opens the section a link names, with its order, and remembers the section', async () => {
    localStorage.setItem(ADMIN_SECTION_STORAGE_KEY, 'users');
    stubApi();
    renderApp('/admin?section=support&order=12');

    expect(await screen.findByText('Support section for order 12')).toBeInTheDocument();
    expect(currentSection()).toBe('Support');
    await waitFor(() => expect(localStorage.getItem(ADMIN_SECTION_STORAGE_KEY)).toBe('support'));
    await waitFor(() => expect(document.title).toBe(`Support · Admin Dashboard | ${testConfig.storeName}`));
  });

  it("opens 'Delivery problems' from ?section=delivery, and from the sidebar", async () => {
    stubApi();
    renderApp('/admin?section=delivery');

    expect(await screen.findByText('Delivery problems section')).toBeInTheDocument();
    expect(currentSection()).toBe('Delivery problems');
    await waitFor(() =>
      expect(document.title).toBe(`Delivery problems · Admin Dashboard | ${testConfig.storeName}`),
    );

    fireEvent.click(sectionLink('Users'));
    expect(await screen.findByText('Users section')).toBeInTheDocument();
    fireEvent.click(sectionLink('Delivery problems'));
    expect(await screen.findByText('Delivery problems section')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(ADMIN_SECTION_STORAGE_KEY)).toBe('delivery'));
  });

  it('opens the remembered section when the link names no known section', async () => {
    localStorage.setItem(ADMIN_SECTION_STORAGE_KEY, 'users');
    stubApi();
    const { history } = renderApp('/admin?section=reports');

    expect(await screen.findByText('Users section')).toBeInTheDocument();
    expect(currentSection()).toBe('Users');
    expect(history.location.search).toBe('?section=users');
  });

  it("drops the link's section and order when a section is chosen in the sidebar", async () => {
    stubApi();
    const { history } = renderApp('/admin?section=support&order=12');
    await screen.findByText('Support section for order 12');

    fireEvent.click(sectionLink('Orders'));
    expect(await screen.findByText('Orders section')).toBeInTheDocument();
    expect(history.location.search).toBe('?section=orders');
    expect(currentSection()).toBe('Orders');

    fireEvent.click(sectionLink('Support'));
    expect(await screen.findByText('Support section')).toBeInTheDocument();
    expect(history.location.search).toBe('?section=support');
  });

  it('follows a link from one section to another while on /admin, and Back returns', async () => {
    stubApi();
    const { history } = renderApp('/admin');
    await screen.findByText('Insights section');
    fireEvent.click(sectionLink('Orders'));

    fireEvent.click(await screen.findByRole('link', { name: 'Messages (2)' }));
    expect(await screen.findByText('Support section for order 7')).toBeInTheDocument();
    expect(currentSection()).toBe('Support');
    expect(history.location.search).toBe('?section=support&order=7');

    act(() => history.go(-1));
    expect(await screen.findByText('Orders section')).toBeInTheDocument();
    expect(currentSection()).toBe('Orders');
    await waitFor(() => expect(localStorage.getItem(ADMIN_SECTION_STORAGE_KEY)).toBe('orders'));
  });
});
