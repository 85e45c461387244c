import { FALLBACK_STORE_NAME, useStoreConfig } from '../lib/store-config';

/** Sets the document title; React 19 hoists <title> into <head> (no inline script needed under the CSP). */
export function PageTitle({ children }: { children: string }) {
  const { data } = useStoreConfig();
  return <title>{`${children} | ${data?.storeName ?? FALLBACK_STORE_NAME}`}</title>;
}
