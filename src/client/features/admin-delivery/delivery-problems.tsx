import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import type { DeliveryProblem } from '../../../shared/schemas/admin-delivery';
import { ListState } from '../../components/admin/list-state';
import { DELIVERY_FALLBACKS, deliveryProblemsQueryOptions } from './delivery-api';
import { DeliveryProblemsTable } from './delivery-problems-table';
import { SEND_AGAIN_ATTRIBUTE } from './send-again-button';

interface DeliveryProblemsProps {
  /** The section's heading (tabIndex -1): it takes the focus when the last row leaves. */
  headingRef: RefObject<HTMLElement | null>;
}

/**
 * The 'Delivery problems' list (docs/admin.md#delivery-problems): loading, an error block with Retry, 'Every
 * e-mail was delivered.' or the rows, and a note when the server holds more than it sends.
 */
export function DeliveryProblems({ headingRef }: DeliveryProblemsProps) {
  const query = useQuery(deliveryProblemsQueryOptions);
  const problems = query.data?.problems;
  const total = query.data?.total ?? 0;
  const rowsRef = useRef<HTMLDivElement>(null);
  const lastSent = useRef<{ id: number; index: number } | null>(null);

  function rememberSent(problem: DeliveryProblem) {
    lastSent.current = { id: problem.id, index: problems?.indexOf(problem) ?? 0 };
  }

  // A row that leaves after 'Send again' takes the focused button along: the focus goes to the row that took
  // its place (or the one before, at the end), or to the heading once the list is empty. Not when the
  // administrator has moved on meanwhile.
  useEffect(() => {
    const sent = lastSent.current;
    if (!sent || !problems || problems.some((problem) => problem.id === sent.id)) return;
    lastSent.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const buttons = [
      ...(rowsRef.current?.querySelectorAll<HTMLButtonElement>(`[${SEND_AGAIN_ATTRIBUTE}]`) ?? []),
    ];
    const next = [...buttons.slice(sent.index), ...buttons.slice(0, sent.index).reverse()].find(
      (button) => !button.disabled,
    );
    (next ?? headingRef.current)?.focus();
  }, [problems, headingRef]);

  return (
    <ListState
      query={query}
      isEmpty={problems?.length === 0}
      loadingText="Loading delivery problems..."
      emptyText="Every e-mail was delivered."
      emptyHint="E-mails the portal gives up on after retrying them appear here."
      errorPrefix={`${DELIVERY_FALLBACKS.load}: `}
    >
      {problems ? (
        <div ref={rowsRef} className="space-y-3" aria-busy={query.isFetching || undefined}>
          {total > problems.length ? (
            <p className="text-sm text-muted-foreground">
              Showing the newest {problems.length} of {total}.
            </p>
          ) : null}
          <DeliveryProblemsTable problems={problems} onSend={rememberSent} />
        </div>
      ) : null}
    </ListState>
  );
}
