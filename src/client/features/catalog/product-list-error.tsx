import { LoadError } from '../../components/load-error';

interface ProductListErrorProps {
  error: Error;
  onRetry: () => void;
}

/**
 * 'Failed to fetch products' (docs/storefront.md#order-form). The status line helps support without alarming
 * the buyer.
 */
export function ProductListError({ error, onRetry }: ProductListErrorProps) {
  return (
    <LoadError onRetry={onRetry}>
      <p className="font-semibold">Failed to fetch products</p>
      <p className="text-sm text-muted-foreground">{error.message}</p>
    </LoadError>
  );
}
