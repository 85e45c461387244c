import type { OrderSummary } from '../../../shared/schemas/orders';
import { useCurrentUser } from '../../lib/session';

/**
 * 'Placed by {name}' when someone else of the company placed the order (docs/companies.md#orders); nothing
 * for the reader's own orders, so a company of one sees no change.
 */
export function PlacedBy({ placedBy }: { placedBy: OrderSummary['placedBy'] }) {
  const readerId = useCurrentUser().data?.id;
  if (!placedBy || placedBy.id === readerId) return null;
  return <span className="wrap-anywhere">Placed by {placedBy.name}</span>;
}

/**
 * 'Ships to {location}' when the reader orders for several locations (docs/companies.md#locations); nothing
 * for a company of one place, which sees no change.
 */
export function ShipsTo({ location }: { location: OrderSummary['location'] }) {
  const locationCount = useCurrentUser().data?.locations.length ?? 0;
  if (!location || locationCount < 2) return null;
  return <span className="wrap-anywhere">Ships to {location.name}</span>;
}
