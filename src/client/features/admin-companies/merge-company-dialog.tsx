import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { AdminCompanyListResponse } from '../../../shared/schemas/admin-companies';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { serverMessage } from '../../lib/api';
import { companiesQueryOptions, counted, useMergeCompany } from './companies-api';

type CompanyRow = AdminCompanyListResponse['companies'][number];

/** How many matches the picker shows: enough to tell two registrations of one retailer apart. */
const MATCHES_SHOWN = 10;
const SEARCH_PAUSE_MS = 300;

interface MergeCompanyDialogProps {
  open: boolean;
  into: { id: number; name: string };
  onClose: () => void;
}

/** What the confirmation says will happen, with the counts of the company chosen. */
export function mergeConsequences(from: CompanyRow, into: { name: string }): string {
  return `Everything of '${from.name}' moves into '${into.name}': ${counted(from.peopleCount, 'person', 'people')} with their roles and support messages, ${counted(from.locationCount, 'location', 'locations')} (none of them the default: '${into.name}' keeps its own) and ${counted(from.orderCount, 'order', 'orders')}. '${from.name}' is then deleted. This cannot be undone.`;
}

/**
 * 'Merge another company into this one' (docs/companies.md#admin-companies), for a retailer who registered
 * twice: find the other company by its name or a member's e-mail, choose it, then confirm what will move.
 */
export function MergeCompanyDialog(props: MergeCompanyDialogProps) {
  return props.open ? <MergeCompanyFlow {...props} /> : null;
}

function MergeCompanyFlow({ into, onClose }: MergeCompanyDialogProps) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<CompanyRow | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const merge = useMergeCompany(into.id, { onDone: onClose });
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  const matches = useQuery({
    ...companiesQueryOptions(search, 1, MATCHES_SHOWN + 1),
    enabled: search.trim() !== '',
  });
  const others = (matches.data?.companies ?? [])
    .filter((company) => company.id !== into.id)
    .slice(0, MATCHES_SHOWN);

  function onContinue(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return setProblem('Choose the company to merge into this one');
    setConfirming(true);
  }

  if (confirming && chosen) {
    return (
      <ConfirmDialog
        open
        title={`Merge '${chosen.name}' into '${into.name}'?`}
        description={mergeConsequences(chosen, into)}
        confirmLabel={merge.isPending ? 'Merging...' : 'Merge companies'}
        pending={merge.isPending}
        onConfirm={() => merge.mutate(chosen.id)}
        onCancel={() => setConfirming(false)}
      />
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Merge another company into this one"
      description={`For a retailer who registered twice: the company you choose moves into '${into.name}' and is deleted.`}
    >
      <form onSubmit={onContinue} noValidate className="flex flex-col gap-4">
        <Field
          label="Find the company"
          type="search"
          placeholder="Company name, or a person's e-mail or name"
          value={searchText}
          maxLength={200}
          onChange={(event) => {
            setSearchText(event.target.value);
            setChosen(null);
          }}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Company to merge</legend>
          {search.trim() === '' ? (
            <p className="text-sm text-muted-foreground">Type to find the company.</p>
          ) : matches.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Searching...
            </p>
          ) : matches.error ? (
            <p role="alert" className="text-sm text-destructive">
              {serverMessage(matches.error, 'Could not search the companies')}
            </p>
          ) : others.length === 0 ? (
            <p className="text-sm text-muted-foreground">No other company matches.</p>
          ) : (
            others.map((company) => (
              <label key={company.id} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="from-company"
                  className="mt-1"
                  checked={chosen?.id === company.id}
                  onChange={() => {
                    setChosen(company);
                    setProblem(null);
                  }}
                />
                <span>
                  <span className="block font-medium wrap-anywhere">{company.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {counted(company.peopleCount, 'person', 'people')} ·{' '}
                    {counted(company.locationCount, 'location', 'locations')} ·{' '}
                    {counted(company.orderCount, 'order', 'orders')}
                  </span>
                </span>
              </label>
            ))
          )}
          {problem ? (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
        </fieldset>
        <FormActions onCancel={onClose} pending={false} label="Continue" pendingLabel="Continue" />
      </form>
    </Dialog>
  );
}
