import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { isTesterProduct } from '../../../shared/pricing';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/ui/spinner';
import { addToCartContents, replaceCartContents } from '../../lib/cart/cart-store';
import { productsQueryOptions } from '../../features/catalog/products-query';
import { toCartContent, type CheckedReorder } from '../../features/orders/reorder-data';
import { claimReorderOutcome, claimReorderRun, type ReorderOutcome } from '../../features/orders/reorder-run';
import {
  newReorderToken,
  readReorderMode,
  readReorderToken,
  reorderNavigationState,
  type ReorderMode,
  requestReorderNotice,
} from '../../features/orders/reorder-token';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session';

/**
 * /orders/{id}/reorder (docs/storefront.md#reorder-page,
 * docs/catalogue-and-pricing.md#the-cart-in-the-browser): one POST per Reorder click, then the order form
 * with the items in the cart, or /orders with the reason. The click's token makes it once-only: a doubled
 * effect shares the run, a reload or Back/Forward finds the token handled and goes to / without calling
 * again.
 */
export function ReorderPage() {
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = readReorderToken(location.state);
  const mode = readReorderMode(location.state);

  const applyOutcome = useEffectEvent((outcome: ReorderOutcome) => {
    if (outcome.ok) {
      fillCart(outcome.reorder, queryClient, mode);
      void navigate('/', { replace: true });
      return;
    }
    toast.error('Reorder Failed', { description: outcome.message });
    // 'Please log in again to continue.': re-check the session, so an expired one leads to /auth.
    if (outcome.category === 'auth') {
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    }
    void navigate('/orders', { replace: true });
  });

  useEffect(() => {
    if (!token) {
      // A typed URL or bookmark: this visit is its own request, so it gets its own token.
      void navigate(location.pathname, { replace: true, state: reorderNavigationState(newReorderToken()) });
      return;
    }
    const run = claimReorderRun(token, id);
    if (!run) {
      void navigate('/', { replace: true });
      return;
    }
    let listening = true;
    void run.then((outcome) => {
      if (!listening) return;
      if (claimReorderOutcome(token)) applyOutcome(outcome);
      // Already applied while this entry was in the history: nothing left to wait for.
      else void navigate('/', { replace: true });
    });
    return () => {
      listening = false;
    };
  }, [token, id, location.pathname, navigate]);

  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-center">
      <PageTitle>Recreating Your Order</PageTitle>
      <Spinner className="size-10" />
      <h1 className="text-2xl font-semibold">Recreating Your Order</h1>
      <p className="text-muted-foreground">
        Please wait while we prepare your previous order for checkout...
      </p>
    </div>
  );
}

/**
 * The reorder's lines replace the cart, or join it when the buyer chose 'Add to your cart'; the order form
 * then says 'Order Loaded' once, with the lines that could not be added.
 */
function fillCart(reorder: CheckedReorder, queryClient: QueryClient, mode: ReorderMode) {
  // A product the catalogue marks as the tester becomes the tester flag too, not only the tester SKUs.
  const products = queryClient.getQueryData(productsQueryOptions.queryKey) ?? [];
  const testerIds = new Set(products.filter((product) => isTesterProduct(product)).map(({ id }) => id));
  const content = toCartContent(reorder.lines, testerIds);
  if (mode === 'add') addToCartContents(content.items, content.testerAdded);
  else replaceCartContents(content.items, content.testerAdded);
  // One notice, on the order form it opens (no toast here that the next one would replace).
  requestReorderNotice({ added: mode === 'add', unavailable: reorder.unavailable });
}
