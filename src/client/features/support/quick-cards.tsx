import { MapPin, MessageSquare, PackageX, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import {
  EMPTY_PREFILL,
  ORDER_ISSUES_PREFILL,
  SHIPPING_ADDRESS_PREFILL,
  type SupportPrefill,
} from './support-form-model';
import { Button } from '../../components/ui/button';
import { useFocusOnMount } from './use-focus-on-mount';

interface QuickCard {
  title: string;
  description: string;
  icon: LucideIcon;
  prefill: SupportPrefill;
}

/** The three quick cards of docs/support-and-faq.md#support-page and what each prefills. */
const QUICK_CARDS: readonly QuickCard[] = [
  {
    title: 'Order Issues',
    description: 'Damaged, missing or wrong items, or a problem with an order.',
    icon: PackageX,
    prefill: ORDER_ISSUES_PREFILL,
  },
  {
    title: 'Shipping Address',
    description: 'Change the address of an order or ask about delivery.',
    icon: MapPin,
    prefill: SHIPPING_ADDRESS_PREFILL,
  },
  {
    title: 'Contact Us',
    description: 'Anything else: send our team a message.',
    icon: MessageSquare,
    prefill: EMPTY_PREFILL,
  },
];

interface QuickCardsProps {
  onChoose: (prefill: SupportPrefill) => void;
  /** Focus the heading when the cards come back (after Cancel). */
  focusOnMount: boolean;
}

/**
 * How the customer starts a message (docs/support-and-faq.md#support-page): a quick card, or 'Contact
 * Support' with nothing chosen.
 */
export function QuickCards({ onChoose, focusOnMount }: QuickCardsProps) {
  const headingId = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focusOnMount);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight focus:outline-none"
      >
        How can we help?
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {QUICK_CARDS.map((card) => (
          <QuickCardButton key={card.title} card={card} onChoose={onChoose} />
        ))}
      </ul>
      <div className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:p-6">
        <p className="flex-1 text-muted-foreground">
          Can't find what you need? Send our support team a message.
        </p>
        <Button onClick={() => onChoose(EMPTY_PREFILL)}>
          <MessageSquare aria-hidden="true" />
          Contact Support
        </Button>
      </div>
    </section>
  );
}

function QuickCardButton({
  card,
  onChoose,
}: {
  card: QuickCard;
  onChoose: (prefill: SupportPrefill) => void;
}) {
  const Icon = card.icon;
  return (
    <li className="flex">
      {/* Named by all its text (title and description), so voice control finds it by what it shows. */}
      <button
        type="button"
        onClick={() => onChoose(card.prefill)}
        className="flex w-full flex-col items-start gap-2 rounded-2xl border border-border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary/50 hover:bg-accent sm:p-5"
      >
        <span className="grid size-10 place-items-center rounded-full bg-accent text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <span className="font-semibold">{card.title}</span>
        <span className="text-sm text-muted-foreground">{card.description}</span>
      </button>
    </li>
  );
}
