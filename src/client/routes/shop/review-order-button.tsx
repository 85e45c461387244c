import { ArrowRight } from 'lucide-react';
import { ErrorList } from '../../components/ui/error-list';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { checkCartRules, type RuleLine } from '../../../shared/cart-rules';
import { Button } from '../../components/ui/button';
import { saveCart } from '../../lib/cart/cart-store';

/** Navigation to /confirm after 250 ms (docs/storefront.md#timings-and-limits). */
export const REVIEW_NAVIGATION_DELAY_MS = 250;

interface ReviewOrderButtonProps {
  ruleLines: readonly RuleLine[];
  /** The cart's version: a message about a cart that has changed since is no longer shown. */
  cartVersion: number;
  /**
   * The cart is a pending order being edited (docs/storefront.md#editing-a-pending-order): 'Review changes',
   * and an empty cart is refused in the server's words (an order needs a line; Cancel order drops it).
   */
  editing?: boolean;
}

/**
 * 'Review Your Order': checks the spec's cart rules, saves the cart (the review page reads it from the
 * store), scrolls to the top and goes to /confirm 250 ms later. A second press while leaving does nothing.
 */
export function ReviewOrderButton({ ruleLines, cartVersion, editing = false }: ReviewOrderButtonProps) {
  const navigate = useNavigate();
  const [problems, setProblems] = useState<{ version: number; messages: string[] } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function review() {
    if (leaving) return;
    if (editing && ruleLines.length === 0) {
      // The contracts carry zod, which the order form's first page leaves out (ADR 0015): loaded on demand.
      void import('../../../shared/schemas/order-changes').then(({ ORDER_HANDS_MESSAGES }) => {
        setProblems({ version: cartVersion, messages: [ORDER_HANDS_MESSAGES.noLines] });
        toast.error(ORDER_HANDS_MESSAGES.noLines);
      });
      return;
    }
    const messages = checkCartRules(ruleLines);
    const [first] = messages;
    if (first) {
      setProblems({ version: cartVersion, messages });
      toast.error(first);
      return;
    }
    setProblems(null);
    saveCart();
    setLeaving(true);
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    timer.current = setTimeout(() => void navigate('/confirm'), REVIEW_NAVIGATION_DELAY_MS);
  }

  const shown = problems && problems.version === cartVersion ? problems.messages : [];

  return (
    <div className="space-y-3">
      <ErrorList messages={shown} />
      <Button size="lg" className="w-full" onClick={review} aria-disabled={leaving || undefined}>
        {editing ? 'Review changes' : 'Review Your Order'}
        <ArrowRight aria-hidden="true" />
      </Button>
    </div>
  );
}
