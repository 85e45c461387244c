import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { groupFaq, type FaqGroup } from './faq-groups';
import { faqCategoriesQueryOptions, faqItemsQueryOptions } from './faq-queries';

/**
 * The FAQ of the support page (docs/support-and-faq.md#faq): collapsible category cards, one open at a time.
 */
export function FaqSection() {
  const headingId = useId();
  const categories = useQuery(faqCategoriesQueryOptions);
  const items = useQuery(faqItemsQueryOptions);

  let content;
  if (categories.isError || items.isError) {
    const retry = () => {
      if (categories.isError) void categories.refetch();
      if (items.isError) void items.refetch();
    };
    content = <FaqError onRetry={retry} retrying={categories.isFetching || items.isFetching} />;
  } else if (!categories.data || !items.data) {
    content = (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        Loading support content...
      </p>
    );
  } else {
    const groups = groupFaq(categories.data, items.data);
    content =
      groups.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">No FAQ content available at this time.</p>
      ) : (
        <FaqAccordion groups={groups} />
      );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
        Frequently Asked Questions
      </h2>
      {content}
    </section>
  );
}

function FaqAccordion({ groups }: { groups: FaqGroup[] }) {
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <ul className="space-y-3">
      {groups.map((group) => (
        <FaqCategoryCard
          key={group.category.id}
          group={group}
          open={openId === group.category.id}
          // Opening one category closes the other (docs/support-and-faq.md#faq).
          onToggle={() => setOpenId((current) => (current === group.category.id ? null : group.category.id))}
        />
      ))}
    </ul>
  );
}

function FaqCategoryCard({
  group,
  open,
  onToggle,
}: {
  group: FaqGroup;
  open: boolean;
  onToggle: () => void;
}) {
  const buttonId = useId();
  const panelId = useId();
  return (
    <li className="rounded-xl border border-border bg-card shadow-sm">
      <h3 className="font-sans text-base font-semibold">
        <button
          id={buttonId}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left hover:bg-accent/60 sm:px-5"
        >
          <span className="min-w-0 break-words">{group.category.title}</span>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-5 shrink-0 text-muted-foreground transition-transform motion-reduce:transition-none',
              open && 'rotate-180',
            )}
          />
        </button>
      </h3>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        hidden={!open}
        className="border-t border-border px-4 py-4 sm:px-5"
      >
        {open ? (
          <dl className="space-y-4">
            {group.items.map((item) => (
              <div key={item.id} className="space-y-1">
                <dt className="font-medium break-words">{item.question}</dt>
                {/* Plain text with its line breaks: an answer is never rendered as HTML. */}
                <dd className="text-sm break-words whitespace-pre-line text-muted-foreground">
                  {item.answer}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </li>
  );
}

function FaqError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <LoadError onRetry={onRetry} retrying={retrying}>
      <p className="font-medium">Support content could not be loaded. Please try again.</p>
    </LoadError>
  );
}
