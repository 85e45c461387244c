// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaqCategory, FaqItem } from '../../../shared/schemas/faq';
import { categoryHasItemsMessage, FAQ_MESSAGES } from '../../../shared/schemas/faq';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderWithProviders } from '../../test-support/render-app';
import { errorResponse, jsonResponse, requestBody, requestUrl } from '../../test-support/stub-fetch';
import { FaqManagement } from './faq-management';

registerCartTestHooks();

const STAMP = '2031-01-01T00:00:00.000Z';

/** A small in-memory FAQ API behind fetch, with a hook to answer one call differently. */
function fakeFaqApi() {
  const categories: FaqCategory[] = [
    { id: 1, title: 'Ordering', displayOrder: 0, isActive: true, createdAt: STAMP, updatedAt: STAMP },
    { id: 2, title: 'Shipping', displayOrder: 1, isActive: false, createdAt: STAMP, updatedAt: STAMP },
  ];
  const items: FaqItem[] = [
    {
      id: 10,
      categoryId: 1,
      question: 'How do I order?',
      answer: 'Use the order form.',
      displayOrder: 0,
      isActive: true,
      createdAt: STAMP,
      updatedAt: STAMP,
    },
    {
      id: 11,
      categoryId: 2,
      question: 'Is shipping free?',
      answer: 'Yes.',
      displayOrder: 1,
      isActive: false,
      createdAt: STAMP,
      updatedAt: STAMP,
    },
    {
      id: 12,
      categoryId: 99,
      question: 'Orphan?',
      answer: 'Lost.',
      displayOrder: 2,
      isActive: true,
      createdAt: STAMP,
      updatedAt: STAMP,
    },
  ];
  const calls: { method: string; url: string; body: unknown }[] = [];
  let nextId = 100;
  /** Answers the next call matching `method url-prefix` instead of the fake (a Promise holds it open). */
  const overrides: { key: string; answer: () => Response | Promise<Response> }[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(requestBody(init)) : undefined;
    calls.push({ method, url, body });
    const override = overrides.findIndex((entry) => `${method} ${url}`.startsWith(entry.key));
    if (override >= 0) {
      const [entry] = overrides.splice(override, 1);
      if (entry) return entry.answer();
    }
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const id = Number(pathname.split('/').at(-1));
    const values = body as Record<string, never>;

    if (pathname === '/api/admin/faq/categories') {
      if (method === 'GET') return jsonResponse(categories);
      const created = { id: nextId++, createdAt: STAMP, updatedAt: STAMP, ...values } as FaqCategory;
      categories.push(created);
      return jsonResponse(created, { status: 201 });
    }
    if (pathname.startsWith('/api/admin/faq/categories/')) {
      const index = categories.findIndex((category) => category.id === id);
      if (index < 0) return errorResponse(404, 'FAQ category not found');
      if (method === 'PUT') {
        categories[index] = { ...categories[index], ...values } as FaqCategory;
        return jsonResponse(categories[index]);
      }
      const held = items.filter((item) => item.categoryId === id);
      if (held.length && searchParams.get('deleteItems') !== 'true') {
        return jsonResponse(
          { code: 'CONFLICT', message: categoryHasItemsMessage(held.length), requestId: 'r' },
          { status: 409 },
        );
      }
      categories.splice(index, 1);
      for (const item of held) items.splice(items.indexOf(item), 1);
      return jsonResponse({ message: 'Category deleted', id, deletedItems: held.length });
    }
    if (pathname === '/api/admin/faq/items') {
      if (method === 'GET') {
        const filter = searchParams.get('categoryId');
        return jsonResponse(filter ? items.filter((item) => item.categoryId === Number(filter)) : items);
      }
      const created = { id: nextId++, createdAt: STAMP, updatedAt: STAMP, ...values } as FaqItem;
      items.push(created);
      return jsonResponse(created, { status: 201 });
    }
    if (pathname.startsWith('/api/admin/faq/items/')) {
      const index = items.findIndex((item) => item.id === id);
      if (index < 0) return errorResponse(404, 'FAQ item not found');
      if (method === 'PUT') {
        items[index] = { ...items[index], ...values } as FaqItem;
        return jsonResponse(items[index]);
      }
      items.splice(index, 1);
      return jsonResponse({ message: 'FAQ item deleted', id });
    }
    return errorResponse(404, `No stub for ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    categories,
    items,
    calls,
    callsTo: (method: string, prefix: string) =>
      calls.filter((call) => call.method === method && call.url.startsWith(prefix)),
    answerNext(key: string, answer: () => Response | Promise<Response>) {
      overrides.push({ key, answer });
    },
  };
}

let api: ReturnType<typeof fakeFaqApi>;
beforeEach(() => {
  api = fakeFaqApi();
});

const card = (text: string) => {
  const element = screen.getByText(text).closest('li');
  if (!element) throw new Error(`no card for ${text}`);
  return within(element);
};
const dialog = () => within(screen.getByRole('dialog'));
const type = (label: string, value: string) =>
  fireEvent.change(dialog().getByLabelText(label), { target: { value } });

async function openItemsTab() {
  fireEvent.click(screen.getByRole('tab', { name: 'FAQ Items' }));
  await screen.findByText('How do I order?');
}

describe('FAQ Management: Categories tab', () => {
  it("shows 'Loading categories...', then the cards with order and status", async () => {
    renderWithProviders(<FaqManagement />);
    expect(screen.getByText('Loading categories...')).toBeInTheDocument();
    expect(await screen.findByText('Ordering')).toBeInTheDocument();
    expect(card('Ordering').getByText('Order: 0 | Status: Active')).toBeInTheDocument();
    expect(card('Shipping').getByText('Order: 1 | Status: Inactive')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Categories' }).getAttribute('aria-selected')).toBe('true');
    expect(card('Ordering').getByRole('button', { name: 'Edit category Ordering' })).toBeInTheDocument();
    expect(card('Ordering').getByRole('button', { name: 'Delete category Ordering' })).toBeInTheDocument();
  });

  it("creates a category from 'Create New Category' with the defaults and the parsed display order", async () => {
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));

    expect(dialog().getByRole('heading', { name: 'Create New Category' })).toBeInTheDocument();
    expect(dialog().getByLabelText<HTMLInputElement>('Title').value).toBe('');
    expect(dialog().getByLabelText<HTMLInputElement>('Display Order').value).toBe('2');
    expect(dialog().queryByLabelText(/active/i)).toBeNull();
    expect(dialog().getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    // Each field shows its own first message.
    type('Display Order', '2000000');
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));
    expect(await dialog().findByText(FAQ_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(dialog().getByLabelText('Title')).toHaveAccessibleDescription(FAQ_MESSAGES.titleRequired);
    expect(dialog().getByLabelText('Display Order')).toHaveAccessibleDescription(
      FAQ_MESSAGES.displayOrderRange,
    );
    expect(dialog().getByLabelText('Display Order')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/admin/faq/categories')).toHaveLength(0);

    type('Title', '  Returns ');
    type('Display Order', '');
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Category created successfully'));
    expect(api.callsTo('POST', '/api/admin/faq/categories')[0]?.body).toEqual({
      title: 'Returns',
      displayOrder: 0,
      isActive: true,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Returns')).toBeInTheDocument();
  });

  it("edits a category in 'Edit Category', keeping its hidden isActive", async () => {
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Shipping');
    fireEvent.click(screen.getByRole('button', { name: 'Edit category Shipping' }));

    expect(dialog().getByRole('heading', { name: 'Edit Category' })).toBeInTheDocument();
    expect(dialog().getByLabelText<HTMLInputElement>('Title').value).toBe('Shipping');
    type('Title', 'Shipping & Delivery');
    type('Display Order', '5');
    fireEvent.click(dialog().getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Category updated successfully'));
    expect(api.callsTo('PUT', '/api/admin/faq/categories/2')[0]?.body).toEqual({
      title: 'Shipping & Delivery',
      displayOrder: 5,
      isActive: false,
    });
    expect(await screen.findByText('Shipping & Delivery')).toBeInTheDocument();
  });

  it('disables Create while the save runs, and toasts the failure with the server message or the fallback', async () => {
    let answer: (response: Response) => void = () => undefined;
    api.answerNext('POST /api/admin/faq/categories', () => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    type('Title', 'Billing');
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(dialog().getByRole<HTMLButtonElement>('button', { name: 'Create' }).disabled).toBe(true),
    );
    answer(errorResponse(400, 'Title must be at most 200 characters'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error creating category', {
        description: 'Title must be at most 200 characters',
      }),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    api.answerNext('POST /api/admin/faq/categories', () => new Response('', { status: 502 }));
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error creating category', {
        description: 'Failed to create category',
      }),
    );
  });

  it("falls back to 'Failed to update category' when the server gives no message", async () => {
    api.answerNext(
      'PUT /api/admin/faq/categories/1',
      () => new Response(null, { status: 500, statusText: '' }),
    );
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    fireEvent.click(screen.getByRole('button', { name: 'Edit category Ordering' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error updating category', {
        description: 'Failed to update category',
      }),
    );
  });

  it('deletes an empty category after confirmation', async () => {
    api.items.splice(0, api.items.length);
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    fireEvent.click(screen.getByRole('button', { name: 'Delete category Ordering' }));
    expect(api.callsTo('DELETE', '/api/admin/faq/categories')).toHaveLength(0);
    expect(dialog().getByText(/"Ordering" will be deleted/)).toBeInTheDocument();
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Category deleted successfully'));
    expect(api.callsTo('DELETE', '/api/admin/faq/categories/1')[0]?.url).toBe('/api/admin/faq/categories/1');
    await waitFor(() => expect(screen.queryByText('Ordering')).toBeNull());
  });

  it('asks again before deleting a category together with its items', async () => {
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    fireEvent.click(screen.getByRole('button', { name: 'Delete category Ordering' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByRole('heading', { name: 'Delete category and its FAQ items?' }),
    ).toBeInTheDocument();
    expect(
      dialog().getByText(new RegExp(categoryHasItemsMessage(1).replace('.', '\\.'))),
    ).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
    fireEvent.click(dialog().getByRole('button', { name: 'Delete category and items' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Category deleted successfully'));
    expect(api.callsTo('DELETE', '/api/admin/faq/categories/1').map((call) => call.url)).toEqual([
      '/api/admin/faq/categories/1',
      '/api/admin/faq/categories/1?deleteItems=true',
    ]);
    expect(api.items.some((item) => item.categoryId === 1)).toBe(false);
  });

  it('keeps everything when the second question is cancelled, and toasts a failed deletion', async () => {
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    fireEvent.click(screen.getByRole('button', { name: 'Delete category Ordering' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await screen.findByRole('heading', { name: 'Delete category and its FAQ items?' });
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE', '/api/admin/faq/categories')).toHaveLength(1);

    api.answerNext('DELETE /api/admin/faq/categories/2', () => new Response(null, { status: 500 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete category Shipping' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error deleting category', {
        description: 'Failed to delete category',
      }),
    );
  });

  it('shows an error block with Retry when the categories cannot be loaded', async () => {
    api.answerNext('GET /api/admin/faq/categories', () => errorResponse(500, 'Database down'));
    renderWithProviders(<FaqManagement />);
    expect(await screen.findByText('Error loading categories: Database down')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ordering')).toBeInTheDocument();
  });
});

describe('FAQ Management: FAQ Items tab', () => {
  it("shows 'Loading FAQ items...', then the cards with category, answer, order and status", async () => {
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    fireEvent.click(screen.getByRole('tab', { name: 'FAQ Items' }));
    expect(screen.getByText('Loading FAQ items...')).toBeInTheDocument();
    await screen.findByText('How do I order?');

    const first = card('How do I order?');
    expect(first.getByText('Ordering')).toBeInTheDocument();
    expect(first.getByText('Use the order form.')).toBeInTheDocument();
    expect(first.getByText('Order: 0 | Status: Active')).toBeInTheDocument();
    expect(card('Is shipping free?').getByText('Order: 1 | Status: Inactive')).toBeInTheDocument();
    expect(card('Orphan?').getByText('Unknown Category')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Edit FAQ item How do I order?' })).toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys', async () => {
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    const categoriesTab = screen.getByRole('tab', { name: 'Categories' });
    fireEvent.keyDown(categoriesTab, { key: 'ArrowRight' });
    const itemsTab = screen.getByRole('tab', { name: 'FAQ Items' });
    expect(itemsTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(itemsTab);
    expect(await screen.findByText('How do I order?')).toBeInTheDocument();
  });

  it('filters by category and defaults a new item to the filter and the number of listed items', async () => {
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    await openItemsTab();

    const filter = screen.getByLabelText<HTMLSelectElement>('Filter by category');
    expect([...filter.options].map((option) => option.text)).toEqual([
      'All Categories',
      'Ordering',
      'Shipping',
    ]);
    fireEvent.change(filter, { target: { value: '2' } });
    expect(await screen.findByText('Is shipping free?')).toBeInTheDocument();
    expect(screen.queryByText('How do I order?')).toBeNull();
    expect(api.callsTo('GET', '/api/admin/faq/items?categoryId=2')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Add FAQ Item' }));
    expect(dialog().getByRole('heading', { name: 'Add FAQ Item' })).toBeInTheDocument();
    expect(dialog().getByLabelText<HTMLSelectElement>('Category').value).toBe('2');
    expect(dialog().getByLabelText<HTMLInputElement>('Display Order').value).toBe('1');
    expect(dialog().getByLabelText<HTMLInputElement>('Question').value).toBe('');
    expect(dialog().getByLabelText('Answer').tagName).toBe('TEXTAREA');
    expect(dialog().queryByLabelText(/active/i)).toBeNull();
  });

  it('creates an item in the first category when no filter is set, after checking the fields', async () => {
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    await openItemsTab();
    fireEvent.click(screen.getByRole('button', { name: 'Add FAQ Item' }));
    expect(dialog().getByLabelText<HTMLSelectElement>('Category').value).toBe('1');
    expect(dialog().getByLabelText<HTMLInputElement>('Display Order').value).toBe('3');

    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));
    expect(await dialog().findByText(FAQ_MESSAGES.questionRequired)).toBeInTheDocument();
    expect(dialog().getByText(FAQ_MESSAGES.answerRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/faq/items')).toHaveLength(0);

    fireEvent.change(dialog().getByLabelText('Category'), { target: { value: '2' } });
    type('Question', 'Do you ship abroad?');
    type('Answer', 'Not yet.\nSoon.');
    type('Display Order', 'x');
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('FAQ item created successfully'));
    expect(api.callsTo('POST', '/api/admin/faq/items')[0]?.body).toEqual({
      categoryId: 2,
      question: 'Do you ship abroad?',
      answer: 'Not yet.\nSoon.',
      displayOrder: 0,
      isActive: true,
    });
    expect(await screen.findByText('Do you ship abroad?')).toBeInTheDocument();
  });

  it('updates and deletes an item with the spec’s notices', async () => {
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    await openItemsTab();

    fireEvent.click(screen.getByRole('button', { name: 'Edit FAQ item Is shipping free?' }));
    expect(dialog().getByRole('heading', { name: 'Edit FAQ Item' })).toBeInTheDocument();
    type('Answer', 'Always.');
    fireEvent.click(dialog().getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('FAQ item updated successfully'));
    expect(api.callsTo('PUT', '/api/admin/faq/items/11')[0]?.body).toEqual({
      categoryId: 2,
      question: 'Is shipping free?',
      answer: 'Always.',
      displayOrder: 1,
      isActive: false,
    });
    expect(await screen.findByText('Always.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete FAQ item Is shipping free?' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('FAQ item deleted successfully'));
    await waitFor(() => expect(screen.queryByText('Is shipping free?')).toBeNull());
  });

  it('disables the delete buttons while a deletion runs', async () => {
    let answer: (response: Response) => void = () => undefined;
    api.answerNext('DELETE /api/admin/faq/items/10', () => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    await openItemsTab();
    fireEvent.click(screen.getByRole('button', { name: 'Delete FAQ item How do I order?' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(dialog().getByRole<HTMLButtonElement>('button', { name: 'Delete' }).disabled).toBe(true),
    );
    const cardButton = screen.getByRole('button', { name: 'Delete FAQ item Orphan?', hidden: true });
    expect((cardButton as HTMLButtonElement).disabled).toBe(true);
    answer(jsonResponse({ message: 'FAQ item deleted', id: 10 }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('FAQ item deleted successfully'));
  });

  it('toasts failed item calls with the server message or the fallback', async () => {
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    await openItemsTab();

    api.answerNext('POST /api/admin/faq/items', () =>
      errorResponse(422, 'The selected FAQ category does not exist.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add FAQ Item' }));
    type('Question', 'Q?');
    type('Answer', 'A.');
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error creating FAQ item', {
        description: 'The selected FAQ category does not exist.',
      }),
    );
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));

    api.answerNext('PUT /api/admin/faq/items/10', () => new Response(null, { status: 500 }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit FAQ item How do I order?' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error updating FAQ item', {
        description: 'Failed to update FAQ item',
      }),
    );
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));

    api.answerNext('DELETE /api/admin/faq/items/10', () => new Response(null, { status: 500 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete FAQ item How do I order?' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error deleting FAQ item', {
        description: 'Failed to delete FAQ item',
      }),
    );
  });

  it("announces 'Failed to fetch FAQ items' and offers Retry when the items cannot be loaded", async () => {
    api.answerNext('GET /api/admin/faq/items', () => errorResponse(500, 'Database down'));
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    fireEvent.click(screen.getByRole('tab', { name: 'FAQ Items' }));

    expect(await screen.findByText('Failed to fetch FAQ items: Database down')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to fetch FAQ items' });
    expect(toast.error).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('How do I order?')).toBeInTheDocument();
  });

  it('resets the filter to all when the filtered category is deleted', async () => {
    renderWithProviders(<FaqManagement />);
    await screen.findByText('Ordering');
    await openItemsTab();
    fireEvent.change(screen.getByLabelText('Filter by category'), { target: { value: '2' } });
    await waitFor(() => expect(screen.queryByText('How do I order?')).toBeNull());

    fireEvent.click(screen.getByRole('tab', { name: 'Categories' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete category Shipping' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await screen.findByRole('heading', { name: 'Delete category and its FAQ items?' });
    fireEvent.click(dialog().getByRole('button', { name: 'Delete category and items' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Category deleted successfully'));

    fireEvent.click(screen.getByRole('tab', { name: 'FAQ Items' }));
    expect(await screen.findByText('How do I order?')).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLSelectElement>('Filter by category').value).toBe('all');
  });

  it('offers no Add FAQ Item while there is no category', async () => {
    api.categories.splice(0, api.categories.length);
    api.items.splice(0, api.items.length);
    renderWithProviders(<FaqManagement />);
    expect(await screen.findByText('No FAQ categories yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'FAQ Items' }));
    expect(await screen.findByText('No FAQ items found')).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add FAQ Item' }).disabled).toBe(true);
  });
});
