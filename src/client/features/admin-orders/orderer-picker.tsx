import { useQuery } from '@tanstack/react-query';
import { useId, useState, type Ref } from 'react';
import { COMPANY_ROLE_LABELS } from '../../../shared/company-roles';
import type { Orderer } from '../../../shared/schemas/order-changes';
import { Field } from '../../components/ui/field';
import { serverMessage } from '../../lib/api';
import { orderersQueryOptions } from './order-changes-queries';
import { useDebouncedValue } from './use-debounced-value';

/** The search waits for the typing to pause before it asks the server. */
const SEARCH_PAUSE_MS = 300;

interface OrdererPickerProps {
  chosen: Orderer | null;
  onChoose: (orderer: Orderer) => void;
  /** Why the order cannot go yet ('Choose who the order is for'), shown under the choices. */
  problem: string | null;
  /** The picker's box (the search and the people), for the form to move the keyboard to it. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * Who the order is for (docs/admin.md#orders 'New order'): the owners and buyers of approved companies, found
 * by name, e-mail or company, each with their company, role and e-mail. A radio group, so the keyboard
 * moves through the people with the arrow keys. The person chosen stays chosen while staff search on.
 */
export function OrdererPicker({ chosen, onChoose, problem, ref }: OrdererPickerProps) {
  const problemId = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_PAUSE_MS);
  const found = useQuery(orderersQueryOptions(search));
  const people = found.data?.orderers ?? [];
  // The chosen person stays listed (first) when a later search does not find them.
  const shown =
    chosen && !people.some((person) => person.userId === chosen.userId) ? [chosen, ...people] : people;

  return (
    <div ref={ref} className="flex flex-col gap-3">
      <Field
        label="Find the buyer"
        type="search"
        placeholder="Name, e-mail or company"
        autoComplete="off"
        maxLength={200}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
      />
      <fieldset
        className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-lg border border-border p-2"
        aria-busy={found.isFetching || undefined}
        aria-describedby={problem ? problemId : undefined}
      >
        <legend className="px-1 text-sm font-medium">Order for</legend>
        {found.isPending ? (
          <p role="status" className="p-2 text-sm text-muted-foreground">
            Searching...
          </p>
        ) : found.isError && shown.length === 0 ? (
          <p role="alert" className="p-2 text-sm text-destructive">
            {serverMessage(found.error, 'Could not search the buyers')}
          </p>
        ) : shown.length === 0 ? (
          <p className="p-2 text-sm text-muted-foreground">
            Nobody who may order matches. Owners and buyers of approved companies can be ordered for.
          </p>
        ) : (
          shown.map((person) => (
            <label
              key={person.userId}
              className="flex cursor-pointer items-start gap-2 rounded-md p-2 text-sm hover:bg-accent has-checked:bg-accent"
            >
              <input
                type="radio"
                name="orderer"
                className="mt-1"
                checked={chosen?.userId === person.userId}
                onChange={() => onChoose(person)}
              />
              <span className="min-w-0">
                <span className="block font-medium wrap-anywhere">{person.name}</span>
                <span className="block text-xs wrap-anywhere text-muted-foreground">
                  {person.companyName} · {COMPANY_ROLE_LABELS[person.companyRole]}
                </span>
                <span className="block text-xs wrap-anywhere text-muted-foreground">{person.email}</span>
              </span>
            </label>
          ))
        )}
      </fieldset>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
