import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORE_CONFIG_ELEMENT_ID } from '../../shared/embedded-config';
import { checkReply, replySchema, requestJson } from './api';

const configSchema = replySchema((s) => s.publicConfigSchema);

/**
 * The settings the server wrote into the page (server/plugins/client-shell.ts): GET /api/config's answer,
 * checked like it. null when the page has none or they do not check out; the app then asks the API.
 */
async function embeddedConfig() {
  const text =
    typeof document === 'undefined' ? null : document.getElementById(STORE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const checked = await checkReply(configSchema, JSON.parse(text));
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}

/**
 * The store name and footer links: from the page itself when the server wrote them in, else from
 * GET /api/config. They only change with a deploy, so they never go stale.
 */
export const storeConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: async ({ signal }) =>
    (await embeddedConfig()) ?? requestJson('/api/config', configSchema, { signal }),
  staleTime: Infinity,
});

/** Shown when /api/config cannot be loaded, so the shell never renders an empty brand. */
export const FALLBACK_STORE_NAME = 'Wholesale Portal';

export function useStoreConfig() {
  return useQuery(storeConfigQueryOptions);
}
