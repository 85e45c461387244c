import { useMediaQuery } from '../../lib/use-media-query';

/**
 * Under 1280 px the user lists are cards: beside the dashboard's sidebar, six columns of names, e-mail
 * addresses and buttons do not fit in less.
 */
export const COMPACT_USERS_QUERY = '(max-width: 1279.98px)';

export function useCompactLayout(): boolean {
  return useMediaQuery(COMPACT_USERS_QUERY);
}
