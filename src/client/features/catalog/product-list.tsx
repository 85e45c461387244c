import { useQuery } from '@tanstack/react-query';
import { useIsMobile } from '../../lib/use-media-query';
import { ProductCards } from './product-cards';
import { ProductListEmpty, ProductListError, ProductListLoading } from './product-list-status';
import { buildProductRows } from './product-row-model';
import { productsQueryOptions } from './products-query';
import { ProductTable } from './product-table';

/**
 * The order form's product rows with their loading, empty and error states. Only one layout is in the DOM
 * (table from 768 px, cards below), so each product and, later, each quantity input exists once.
 */
export function ProductList() {
  const isMobile = useIsMobile();
  const { data, error, refetch } = useQuery(productsQueryOptions);

  // A failed background refresh keeps the list already shown; the error block is for a first load only.
  if (!data) {
    return error ? <ProductListError error={error} onRetry={() => void refetch()} /> : <ProductListLoading />;
  }

  const rows = buildProductRows(data);
  if (rows.length === 0) return <ProductListEmpty />;
  return isMobile ? <ProductCards rows={rows} /> : <ProductTable rows={rows} />;
}
