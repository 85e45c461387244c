// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORE_CONFIG_ELEMENT_ID } from '../../shared/embedded-config';
import { testConfig } from '../test-support/api-fixtures';
import { countCalls, jsonResponse, stubFetch } from '../test-support/stub-fetch';
import { storeConfigQueryOptions } from './store-config';

/** The settings the server writes into every page (server/plugins/client-shell.ts), as it writes them. */
function embed(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = STORE_CONFIG_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

const fetchConfig = () => new QueryClient().fetchQuery(storeConfigQueryOptions);

describe('the store settings', () => {
  afterEach(() => {
    document.getElementById(STORE_CONFIG_ELEMENT_ID)?.remove();
    vi.unstubAllGlobals();
  });

  it('come from the page when the server wrote them in, without a request', async () => {
    const fetchMock = stubFetch({
      '/api/config': () => jsonResponse({ ...testConfig, storeName: 'From the API' }),
    });
    embed(JSON.stringify({ ...testConfig, storeName: 'From the page' }));
    await expect(fetchConfig()).resolves.toEqual({ ...testConfig, storeName: 'From the page' });
    expect(countCalls(fetchMock, '/api/config')).toBe(0);
  });

  it('come from GET /api/config when the page has none, or none that checks out', async () => {
    const fetchMock = stubFetch({ '/api/config': () => jsonResponse(testConfig) });
    await expect(fetchConfig()).resolves.toEqual(testConfig);
    for (const text of ['{"storeName": 42}', 'not json', '']) {
      document.getElementById(STORE_CONFIG_ELEMENT_ID)?.remove();
      embed(text);
      await expect(fetchConfig(), text).resolves.toEqual(testConfig);
    }
    expect(countCalls(fetchMock, '/api/config')).toBe(4);
  });
});
