import type { ReactNode } from 'react';
import { useIsMobile } from '../../lib/use-media-query';
import { ProductCards } from './product-cards';
import { ProductListEmpty } from './product-list-status';
import type { ProductRowModel } from './product-row-model';
import { ProductTable } from './product-table';

interface ProductListProps {
  rows: readonly ProductRowModel[];
  renderQuantity: (row: ProductRowModel) => ReactNode;
}

/**
 * The order form's product rows. Only one layout is in the DOM (table from 768 px, cards below), so each
 * product and each quantity input exists once (ADR 0006).
 */
export function ProductList({ rows, renderQuantity }: ProductListProps) {
  const isMobile = useIsMobile();
  if (rows.length === 0) return <ProductListEmpty />;
  return isMobile ? (
    <ProductCards rows={rows} renderQuantity={renderQuantity} />
  ) : (
    <ProductTable rows={rows} renderQuantity={renderQuantity} />
  );
}
