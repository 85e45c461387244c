import { useQuery } from '@tanstack/react-query';
import { Droplets, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { dollarsToCents, formatCents } from '../../../shared/money';
import type {
  AdminBundle,
  AdminProduct,
  AdminVariant,
  VariantDisplayStatus,
} from '../../../shared/schemas/admin-catalog';
import { ListState } from '../../components/admin/list-state';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { productsWithVariantsQueryOptions, useSetVariantVisibility } from './catalog-api';
import { ToggleSwitch } from './toggle-switch';
import { VariantPriceDialog } from './variant-price-dialog';

const STATUS_BADGE: Record<VariantDisplayStatus, BadgeVariant> = {
  Active: 'success',
  Hidden: 'warning',
  'Not Allowed': 'destructive',
};

const money = (dollars: number | null) => (dollars === null ? '—' : formatCents(dollarsToCents(dollars)));

/**
 * Only https images (docs/security.md#output-encoding: a URL scheme allow-list; the CSP allows https: images
 * only).
 */
function safeImageUrl(url: string | null): string | null {
  return url && /^https:\/\//i.test(url) ? url : null;
}

function Thumbnail({ imageUrl }: { imageUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  const src = safeImageUrl(imageUrl);
  const box = 'size-12 shrink-0 overflow-hidden rounded-md border border-border bg-muted';
  if (!src || failed) {
    return (
      <span className={`${box} grid place-items-center text-primary`}>
        <Droplets aria-hidden="true" className="size-5" />
      </span>
    );
  }
  return (
    <span className={box}>
      {/* The variant's name is beside it, so the image is decorative. */}
      <img
        src={src}
        alt=""
        loading="lazy"
        width={48}
        height={48}
        className="size-full object-cover"
        onError={() => setFailed(true)}
      />
    </span>
  );
}

/** Why a row's price cannot be edited here, or null when it can. */
function priceLock(variant: AdminVariant): string | null {
  if (variant.isVirtual) return 'Priced from its components';
  if (variant.isTester) return 'Always free';
  return null;
}

/** A count for the Inventory column: Shopify's number, or 'Not counted' when nobody counts the stock. */
function Stock({ quantity, unit }: { quantity: number | null; unit?: { one: string; many: string } }) {
  if (quantity === null) return <span className="text-muted-foreground">Not counted</span>;
  const count = quantity.toLocaleString('en-US');
  return unit ? <>{`${count} ${quantity === 1 ? unit.one : unit.many}`}</> : <>{count}</>;
}

const BUNDLES = { one: 'bundle', many: 'bundles' };

function Figure({ label, note, children }: { label: string; note?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">
        {children}
        {note ? <span className="block text-xs text-muted-foreground">{note}</span> : null}
      </dd>
    </div>
  );
}

/**
 * The price and stock columns (docs/admin.md#variants). A virtual bundle has neither of its own: it shows
 * its components' retail and wholesale prices and the bundles their stock makes, each per bundle.
 */
function VariantFigures({ variant }: { variant: AdminVariant }) {
  const { bundle } = variant;
  const note = bundle ? 'per bundle' : undefined;
  return (
    <dl className="col-span-2 grid grid-cols-3 gap-2 text-sm md:col-span-1">
      <Figure label="Retail" note={note}>
        {money(bundle ? bundle.retailPrice : variant.price)}
      </Figure>
      <Figure label="Wholesale" note={note}>
        {money(bundle ? bundle.wholesalePrice : variant.wholesalePrice)}
      </Figure>
      <Figure label="Inventory">
        {bundle ? (
          <Stock quantity={bundle.bundlesInStock} unit={BUNDLES} />
        ) : (
          <Stock quantity={variant.inventoryQuantity} />
        )}
      </Figure>
    </dl>
  );
}

/** 'Bundle: made from its components: 6 × 4 oz Bottle (800-0001) and 6 × 1 oz Bottle (800-0002).' */
function BundleNote({ bundle }: { bundle: AdminBundle }) {
  const parts = bundle.components.map((part) => `${part.quantity} × ${part.name} (${part.sku})`);
  return (
    <p className="mt-1 text-xs break-words text-muted-foreground">
      Bundle: made from its components
      {parts.length > 0 ? `: ${parts.join(' and ')}` : ', which cannot be found'}.
    </p>
  );
}

function VariantRow({
  variant,
  switching,
  onToggle,
  onEditPrice,
}: {
  variant: AdminVariant;
  switching: boolean;
  onToggle: (isActive: boolean) => void;
  onEditPrice: () => void;
}) {
  const hasSku = variant.sku.trim() !== '';
  const lock = priceLock(variant);
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-3 py-4 md:grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)_17rem] md:items-center">
      <Thumbnail imageUrl={variant.imageUrl} />
      <div className="min-w-0">
        <p className="font-medium break-words">{variant.name}</p>
        <p className="font-mono text-xs break-all text-muted-foreground">{hasSku ? variant.sku : 'No SKU'}</p>
        <Badge variant={STATUS_BADGE[variant.displayStatus]} className="mt-1">
          {variant.displayStatus}
        </Badge>
        {variant.bundle ? <BundleNote bundle={variant.bundle} /> : null}
      </div>
      <VariantFigures variant={variant} />
      <div className="col-span-2 flex flex-wrap items-center gap-3 md:col-span-1 md:justify-end">
        <span className="flex items-center gap-2 text-sm">
          <ToggleSwitch
            checked={variant.isActive}
            label={`Visible: ${variant.name}`}
            disabled={!hasSku || switching}
            disabledReason={hasSku ? undefined : 'A variant needs a SKU to be shown'}
            onChange={onToggle}
          />
          <span aria-hidden="true">{variant.isActive ? 'Visible' : 'Hidden'}</span>
        </span>
        <Button
          variant="outline"
          size="sm"
          onClick={onEditPrice}
          disabled={lock !== null}
          title={lock ?? undefined}
          aria-label={`Edit price of ${variant.name}`}
        >
          <Pencil aria-hidden="true" />
          Edit price
        </Button>
        {lock ? <span className="text-xs text-muted-foreground">{lock}</span> : null}
      </div>
    </li>
  );
}

function ProductCard({
  product,
  switchingId,
  onToggle,
  onEditPrice,
}: {
  product: AdminProduct;
  switchingId: string | null;
  onToggle: (variant: AdminVariant, isActive: boolean) => void;
  onEditPrice: (variant: AdminVariant) => void;
}) {
  const count = product.variants.length;
  return (
    <li className="rounded-xl border border-border bg-card px-4 shadow-sm sm:px-6">
      <h2 className="pt-4 text-base font-semibold break-words">
        {product.name}
        <span className="ml-2 text-sm font-normal text-muted-foreground">
          {count === 1 ? '1 variant' : `${count} variants`}
        </span>
      </h2>
      <ul className="divide-y divide-border" aria-label={`Variants of ${product.name}`}>
        {product.variants.map((variant) => (
          <VariantRow
            key={variant.id}
            variant={variant}
            switching={switchingId === variant.sku}
            onToggle={(isActive) => onToggle(variant, isActive)}
            onEditPrice={() => onEditPrice(variant)}
          />
        ))}
      </ul>
    </li>
  );
}

/**
 * The products with their variants and display status (docs/admin.md#variants): visibility switch (needs a
 * SKU) and the price edit.
 */
export function VariantList() {
  const query = useQuery(productsWithVariantsQueryOptions);
  const visibility = useSetVariantVisibility();
  const [editing, setEditing] = useState<AdminVariant | null>(null);
  const productList = query.data ?? [];

  return (
    <>
      <ListState
        query={query}
        isEmpty={productList.length === 0}
        loadingText="Loading products..."
        emptyText="No products yet"
        emptyHint="Products appear here once they are in the portal, e.g. after a sync with Shopify."
        errorPrefix="Error loading products: "
      >
        <ul className="space-y-4" aria-label="Products">
          {productList.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              switchingId={visibility.isPending ? (visibility.variables?.sku ?? null) : null}
              onToggle={(variant, isActive) => visibility.mutate({ sku: variant.sku, isActive })}
              onEditPrice={setEditing}
            />
          ))}
        </ul>
      </ListState>
      <VariantPriceDialog variant={editing} onClose={() => setEditing(null)} />
    </>
  );
}
