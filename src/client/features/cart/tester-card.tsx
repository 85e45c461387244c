import { CircleCheck, Gift } from 'lucide-react';
import { toast } from '../../lib/toast';
import { CART_MESSAGES, MAX_TESTERS_PER_ORDER } from '../../../shared/cart-rules';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { setTesterAdded, useCart } from '../../lib/cart/cart-store';

/** The tester's error toast, word for word (docs/storefront.md#order-form). */
const TESTER_ERROR_TITLE = 'Error updating tester';
const TESTER_ERROR_DESCRIPTION = 'There was a problem updating your tester. Please try again.';

/**
 * The free in-store tester (docs/storefront.md#order-form, docs/catalogue-and-pricing.md#the-tester): not a
 * product row but this card. Its quantity toggles between 0 and 1 (input min 0, max 1); asking for more keeps
 * 1 and says why.
 */
export function TesterCard({ name }: { name: string }) {
  const { testerAdded } = useCart();

  function updateTester(added: boolean) {
    let saved = false;
    try {
      saved = setTesterAdded(added);
    } catch {
      saved = false;
    }
    if (!saved) {
      // Not saved means not applied: the buyer tries again rather than trusting a tester that may vanish.
      try {
        setTesterAdded(!added);
      } catch {
        // The store keeps its last good state.
      }
      toast.error(TESTER_ERROR_TITLE, { description: TESTER_ERROR_DESCRIPTION });
      return;
    }
    toast.success(added ? 'Tester added' : 'Tester removed');
  }

  return (
    <section
      aria-labelledby="tester-card-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:p-6"
    >
      <span className="grid size-14 shrink-0 place-items-center rounded-lg bg-accent text-primary">
        <Gift aria-hidden="true" className="size-6" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id="tester-card-title" className="text-lg font-semibold">
          {name}
        </h2>
        <p className="text-sm text-muted-foreground">
          One free tester bottle for your counter, at most one per order. Free, with free shipping.
        </p>
        {testerAdded ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
            <CircleCheck aria-hidden="true" className="size-4" />
            Added to your order
          </p>
        ) : null}
      </div>
      <QuantityStepper
        value={testerAdded ? 1 : 0}
        min={0}
        max={MAX_TESTERS_PER_ORDER}
        onChange={(next) => updateTester(next > 0)}
        onExceedMax={() => toast.warning(CART_MESSAGES.testerLimit)}
        inputLabel="Tester quantity"
        decrementLabel="Remove tester"
        incrementLabel="Add tester"
        className="self-end sm:self-auto"
      />
    </section>
  );
}
