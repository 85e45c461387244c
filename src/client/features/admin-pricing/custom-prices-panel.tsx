import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  ADMIN_PRICING_MESSAGES,
  productPricingRequestSchema,
  type ProductPricing,
  type ProductPricingRequest,
} from '../../../shared/schemas/admin-pricing';
import { ListState } from '../../components/admin/list-state';
import {
  ROW_FOCUS_ATTRIBUTE,
  useFocusAfterRowRemoval,
} from '../../components/admin/use-focus-after-row-removal';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, FormAlert } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import {
  fieldMessage,
  formWideProblem,
  JUDGED_ON_SUBMIT,
  schemaResolver,
  submitUnlessPending,
} from '../../lib/form';
import { formatDiscount } from '../../lib/format';
import { formatCases, formatPrice } from './format';
import { ActionsHead, PricingPanel } from './pricing-panel';
import {
  customPricesQueryOptions,
  pricedProductsQueryOptions,
  tiersQueryOptions,
  useCreateCustomPrice,
  useDeleteCustomPrice,
} from './pricing-api';

/**
 * 'Custom Product Pricing' (docs/admin.md#pricing): a price per bottle for one product at one tier, which
 * replaces the tier's discount for that product. List, add (product, tier, price), delete after confirmation;
 * after a deletion the focus moves to the next row's delete button, or to the empty-state text.
 */
export function CustomPricesPanel() {
  const prices = useQuery(customPricesQueryOptions);
  const [toDelete, setToDelete] = useState<ProductPricing | null>(null);
  const remove = useDeleteCustomPrice({ onDeleted: () => setToDelete(null) });
  const rowsRef = useRef<HTMLDivElement>(null);
  const ids = useMemo(() => prices.data?.map((price) => price.id), [prices.data]);
  const rememberDeleted = useFocusAfterRowRemoval({ ids, busy: remove.isPending, containerRef: rowsRef });

  return (
    <PricingPanel
      headingId="custom-pricing-heading"
      title="Custom Product Pricing"
      description="A custom price per bottle replaces the tier's discount for that product. The mixed case is priced through its bottles."
    >
      <AddCustomPriceForm />

      <div ref={rowsRef} className="mt-6">
        <ListState
          query={prices}
          isEmpty={prices.data?.length === 0}
          loadingText="Loading custom prices..."
          emptyText="No custom product prices"
          emptyHint="Every product is priced by its tier's discount."
          errorPrefix="Error loading custom prices: "
        >
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="px-2 sm:px-4">Product</TableHead>
                <TableHead className="px-2 sm:px-4">Tier</TableHead>
                <TableHead className="px-2 text-right sm:px-4">Price per Bottle</TableHead>
                <ActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {prices.data?.map((price) => (
                <TableRow key={price.id}>
                  <TableCell className="px-2 sm:px-4">
                    <p className="font-medium">{price.productName}</p>
                    <p className="text-xs text-muted-foreground">{price.sku}</p>
                  </TableCell>
                  <TableCell className="px-2 sm:px-4">
                    <p>{price.tierName}</p>
                    <p className="text-xs text-muted-foreground">from {formatCases(price.minimumCases)}</p>
                  </TableCell>
                  <TableCell className="px-2 text-right tabular-nums sm:px-4">
                    {formatPrice(price.price)}
                  </TableCell>
                  <TableCell className="px-2 sm:px-4">
                    <div className="flex justify-end">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete the custom price for ${price.productName} at ${price.tierName}`}
                        disabled={remove.isPending && remove.variables === price.id}
                        onClick={() => setToDelete(price)}
                        {...{ [ROW_FOCUS_ATTRIBUTE]: price.id }}
                      >
                        <Trash2 aria-hidden="true" className="text-destructive" />
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ListState>
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete custom price?"
        description={
          toDelete
            ? `${toDelete.productName} at the ${toDelete.tierName} tier (${formatPrice(toDelete.price)} per bottle) will go back to the tier's discount.`
            : ''
        }
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        pending={remove.isPending}
        onConfirm={() => {
          if (!toDelete || remove.isPending) return;
          rememberDeleted(toDelete.id);
          remove.mutate(toDelete.id);
        }}
        onCancel={() => setToDelete(null)}
      />
    </PricingPanel>
  );
}

const EMPTY_FORM = { productId: '', tierId: '', price: '' };

function AddCustomPriceForm() {
  const products = useQuery(pricedProductsQueryOptions);
  const tiers = useQuery(tiersQueryOptions);
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<typeof EMPTY_FORM, unknown, ProductPricingRequest>({
    resolver: schemaResolver(productPricingRequestSchema),
    defaultValues: EMPTY_FORM,
    ...JUDGED_ON_SUBMIT,
  });
  const create = useCreateCustomPrice({ onCreated: () => reset(EMPTY_FORM) });
  // 'Please fill out all required fields' once; each empty field says '{label} is required' under itself.
  const problem = formWideProblem(errors, ADMIN_PRICING_MESSAGES.required);
  const error = (name: keyof typeof EMPTY_FORM, label: string) =>
    fieldMessage(errors[name], label, ADMIN_PRICING_MESSAGES.required);

  const productOptions = [
    { value: '', label: products.isPending ? 'Loading products...' : 'Select a product' },
    ...(products.data ?? []).map((product) => ({
      value: String(product.id),
      label: `${product.name} (${product.sku})`,
    })),
  ];
  const tierOptions = [
    { value: '', label: tiers.isPending ? 'Loading tiers...' : 'Select a tier' },
    ...(tiers.data ?? []).map((tier) => ({
      value: String(tier.id),
      label: `${tier.name} (${formatDiscount(tier.discountPercentage)} from ${formatCases(tier.minimumCases)})`,
    })),
  ];

  return (
    <form
      onSubmit={submitUnlessPending(
        create.isPending,
        handleSubmit((values) => create.mutate(values)),
      )}
      noValidate
      aria-label="Add custom product price"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-border bg-muted/30 p-4"
    >
      <div className="grid gap-3 md:grid-cols-[2fr_2fr_1fr_auto] md:items-start">
        <Controller
          control={control}
          name="productId"
          render={({ field }) => (
            <SelectField
              label="Product"
              required
              options={productOptions}
              {...field}
              error={error('productId', 'Product')}
            />
          )}
        />
        <Controller
          control={control}
          name="tierId"
          render={({ field }) => (
            <SelectField
              label="Tier"
              required
              options={tierOptions}
              {...field}
              error={error('tierId', 'Tier')}
            />
          )}
        />
        {/* A Controller like the selects before it: react-hook-form focuses the first wrong field in the order
            the fields were registered, and a Controller registers when it renders, after the form's body. */}
        <Controller
          control={control}
          name="price"
          render={({ field }) => (
            <Field
              label="Price per Bottle ($)"
              type="number"
              inputMode="decimal"
              required
              min={0}
              step={0.01}
              {...field}
              error={error('price', 'Price per Bottle ($)')}
            />
          )}
        />
        {/* Level with the inputs, under their labels, whichever field shows a problem beneath it. */}
        <Button type="submit" className="md:mt-6.5" disabled={create.isPending}>
          <Plus aria-hidden="true" />
          {create.isPending ? 'Adding...' : 'Add Price'}
        </Button>
      </div>
      {products.error ? (
        <FormAlert>
          Could not load the products.{' '}
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void products.refetch()}>
            Retry
          </Button>
        </FormAlert>
      ) : null}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
    </form>
  );
}
