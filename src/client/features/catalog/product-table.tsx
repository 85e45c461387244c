import type { ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { Skeleton } from '../../components/ui/skeleton';
import { ProductIdentity, ProductIdentitySkeleton } from './product-identity';
import type { ProductRowModel } from './product-row-model';
import { UnitPrice } from './unit-price';

interface ProductTableProps {
  rows: readonly ProductRowModel[];
  /** The Cases cell: the page puts the cart's stepper here. */
  renderQuantity: (row: ProductRowModel) => ReactNode;
}

/** Desktop layout (768 px and wider): one row per product with the spec's four columns. */
export function ProductTable({ rows, renderQuantity }: ProductTableProps) {
  return (
    <Table>
      <ProductTableHeader />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>
              <ProductIdentity row={row} gap="gap-4" />
            </TableCell>
            <TableCell className="text-right font-semibold tabular-nums">{row.casePrice}</TableCell>
            <TableCell className="text-right text-muted-foreground">
              <UnitPrice row={row} align="end" />
            </TableCell>
            <TableCell className="text-center">{renderQuantity(row)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ProductTableHeader() {
  return (
    <>
      <TableCaption className="sr-only">
        Products, prices per case and per bottle, and cases to order
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Product</TableHead>
          <TableHead scope="col" className="text-right">
            Price per Case
          </TableHead>
          <TableHead scope="col" className="text-right">
            Price per Bottle
          </TableHead>
          <TableHead scope="col" className="text-center">
            Cases
          </TableHead>
        </TableRow>
      </TableHeader>
    </>
  );
}

/** The table while the catalogue loads: the same header, cells and row heights, so nothing moves after. */
export function ProductTableSkeleton({ rowCount }: { rowCount: number }) {
  return (
    <Table aria-hidden="true">
      <ProductTableHeader />
      <TableBody>
        {Array.from({ length: rowCount }, (_, index) => (
          <TableRow key={index}>
            <TableCell>
              <ProductIdentitySkeleton gap="gap-4" />
            </TableCell>
            <TableCell>
              <Skeleton className="ml-auto h-4 w-16" />
            </TableCell>
            <TableCell>
              <Skeleton className="ml-auto h-4 w-12" />
            </TableCell>
            <TableCell>
              {/* The quantity stepper's size: two 40 px buttons and a 64 px input, 6 px apart. */}
              <Skeleton className="mx-auto h-10 w-39" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
