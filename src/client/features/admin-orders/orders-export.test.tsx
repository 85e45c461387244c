// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrdersSection } from '../../routes/admin/sections/orders-section';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { loseFocus } from '../../test-support/focus';
import { renderWithProviders } from '../../test-support/render-app';
import { errorResponse, jsonResponse, requestUrl, stubFetch } from '../../test-support/stub-fetch';
import { adminOrderListOf, buildAdminOrder } from './admin-orders-test-support';

registerCartTestHooks();

/** A streamed export the test feeds chunk by chunk, as the server sends it. */
function streamedExport(total: number) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="orders-2031-03-04.csv"',
        'x-total-count': String(total),
      },
    }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

const exportButton = () => screen.getByRole('button', { name: 'Export CSV' });
const status = () => screen.getByRole('status', { name: 'Export progress' });
let saved: Array<{ name: string; blob: Blob }>;

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('admin Orders: Export CSV (issue 29 §9)', () => {
  it('shows how far the export is, the button disabled meanwhile, then saves the file', async () => {
    const download = streamedExport(3);
    const fetchMock = stubFetch({
      '/api/admin/orders': () => jsonResponse(adminOrderListOf([buildAdminOrder()])),
      '/api/admin/orders/export.csv': () => download.response,
    });
    renderWithProviders(<OrdersSection />);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    const button = exportButton();
    button.focus();
    fireEvent.click(button);

    await waitFor(() => expect(status().textContent).toBe('Exporting… 0 of 3 orders'));
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(status().getAttribute('aria-live')).toBe('polite');
    loseFocus();
    const exportCall = fetchMock.mock.calls.find(([input]) => requestUrl(input).includes('export.csv'));
    expect(exportCall && requestUrl(exportCall[0])).toBe('/api/admin/orders/export.csv?status=pending');

    // A note with a line break inside quotes is one row; a chunk may end anywhere, even inside a row.
    download.send('\uFEFFOrder,Notes\r\nWO-1003,"two\r\nlines"\r\nWO-10');
    await waitFor(() => expect(status().textContent).toBe('Exporting… 1 of 3 orders'));
    download.send('02,\r\n');
    await waitFor(() => expect(status().textContent).toBe('Exporting… 2 of 3 orders'));
    expect(saved).toHaveLength(0);
    download.send('WO-1001,"Café ""Noir"""\r\n');
    download.end();

    await waitFor(() => expect(status().textContent).toBe('Exported 3 orders'));
    expect(button.hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(saved.map((file) => file.name)).toEqual(['orders-2031-03-04.csv']);
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFOrder,Notes\r\nWO-1003,"two\r\nlines"\r\nWO-1002,\r\nWO-1001,"Café ""Noir"""\r\n',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says the export failed, with the server's reason or the broken download, and can be tried again", async () => {
    let download = streamedExport(2);
    let refuse = true;
    stubFetch({
      '/api/admin/orders': () => jsonResponse(adminOrderListOf([buildAdminOrder()])),
      '/api/admin/orders/export.csv': () => {
        if (refuse) return errorResponse(503, 'The portal cannot reach its database right now.');
        return download.response;
      },
    });
    renderWithProviders(<OrdersSection />);

    fireEvent.click(exportButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Export failed: The portal cannot reach its database right now. Please try again.',
    );
    expect(exportButton().hasAttribute('disabled')).toBe(false);

    refuse = false;
    download = streamedExport(2);
    fireEvent.click(exportButton());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    download.send('\uFEFFOrder\r\nWO-1002\r\n');
    await waitFor(() => expect(status().textContent).toBe('Exporting… 1 of 2 orders'));
    download.fail();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Export failed: the download was interrupted. Please try again.',
    );
    expect(status().textContent).toBe('');
    expect(saved).toHaveLength(0);
    expect(exportButton().hasAttribute('disabled')).toBe(false);
  });
});
