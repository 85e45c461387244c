import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import {
  ADMIN_COMPANIES_PAGE_SIZE,
  type AdminCompanyListResponse,
} from '../../../shared/schemas/admin-companies';
import { AdminPagination } from '../../components/admin/admin-pagination';
import { ListState } from '../../components/admin/list-state';
import { StaleContent } from '../../components/admin/stale-content';
import { ViewButton } from '../../components/admin/view-button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { DATE_FORMAT, formatDate } from '../../lib/format-date';
import { useMediaQuery } from '../../lib/use-media-query';
import { companiesQueryOptions } from './companies-api';

type CompanyRow = AdminCompanyListResponse['companies'][number];

/** Marks a company's row or card with its id. */
const COMPANY_ROW_ATTRIBUTE = 'data-company-id';

/** Under 1024 px the companies are cards. */
const COMPACT_COMPANIES_QUERY = '(max-width: 1023.98px)';

interface CompaniesListProps {
  search: string;
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (company: CompanyRow) => void;
  /** The company just closed with 'Back to companies': its View button takes the focus back once listed. */
  returnFocusTo?: number | null;
}

/**
 * The companies, newest first, 20 a page (docs/companies.md#admin-companies): name, payment terms, how many
 * people, locations and orders, created, and 'View' to open the company.
 */
export function CompaniesList({
  search,
  page,
  onPageChange,
  onOpen,
  returnFocusTo = null,
}: CompaniesListProps) {
  const companies = useQuery(companiesQueryOptions(search, page));
  const listRef = useRef<HTMLDivElement>(null);
  const compact = useMediaQuery(COMPACT_COMPANIES_QUERY);
  const data = companies.data;

  // A page emptied by a change (a merge) that leaves fewer pages: show the last page there is.
  const lastPage = data && !companies.isPlaceholderData ? data.totalPages : 0;
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) onPageChange(lastPage);
  }, [lastPage, page, onPageChange]);

  // Back from a company: the keyboard's place is that company's View button (or the list, if it is gone).
  const listed = data !== undefined;
  useEffect(() => {
    if (!listed || returnFocusTo === null) return;
    const list = listRef.current;
    const button = list?.querySelector<HTMLElement>(`[${COMPANY_ROW_ATTRIBUTE}="${returnFocusTo}"] button`);
    (button ?? list)?.focus();
  }, [listed, returnFocusTo]);

  return (
    <div
      ref={listRef}
      tabIndex={-1}
      role="region"
      aria-label={data ? `Companies, page ${page} of ${Math.max(data.totalPages, 1)}` : 'Companies'}
      className="rounded-lg"
      aria-busy={companies.isFetching || undefined}
    >
      <ListState
        query={companies}
        isEmpty={data?.companies.length === 0}
        loadingText="Loading companies..."
        emptyText="No companies found"
        emptyHint={
          search.trim() !== ''
            ? 'Try another name or e-mail.'
            : 'A company is made when a registration or Add User creates a customer.'
        }
        errorPrefix="Error loading companies: "
      >
        {data ? (
          <StaleContent stale={companies.isPlaceholderData}>
            {compact ? (
              <CompanyCards companies={data.companies} onOpen={onOpen} />
            ) : (
              <CompanyTable companies={data.companies} onOpen={onOpen} />
            )}
            <div className="mt-4">
              <AdminPagination
                page={data.page}
                totalPages={data.totalPages}
                total={data.total}
                pageSize={ADMIN_COMPANIES_PAGE_SIZE}
                onPageChange={onPageChange}
                noun={{ one: 'company', many: 'companies' }}
                label="Company pages"
                listRef={listRef}
              />
            </div>
          </StaleContent>
        ) : null}
      </ListState>
    </div>
  );
}

interface RowsProps {
  companies: readonly CompanyRow[];
  onOpen: (company: CompanyRow) => void;
}

function CompanyTable({ companies, onOpen }: RowsProps) {
  return (
    <Table aria-label="Companies">
      <TableHeader>
        <TableRow>
          <TableHead>Company</TableHead>
          <TableHead>Payment terms</TableHead>
          <TableHead className="text-right">People</TableHead>
          <TableHead className="text-right">Locations</TableHead>
          <TableHead className="text-right">Orders</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {companies.map((company) => (
          <TableRow key={company.id} {...{ [COMPANY_ROW_ATTRIBUTE]: company.id }}>
            <TableCell className="max-w-64 font-medium wrap-anywhere">{company.name}</TableCell>
            <TableCell>{PAYMENT_TERMS_LABELS[company.paymentTerms]}</TableCell>
            <TableCell className="text-right tabular-nums">{company.peopleCount}</TableCell>
            <TableCell className="text-right tabular-nums">{company.locationCount}</TableCell>
            <TableCell className="text-right tabular-nums">{company.orderCount}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(company.createdAt, DATE_FORMAT)}</TableCell>
            <TableCell>
              <ViewButton label={`View company ${company.name}`} onClick={() => onOpen(company)}>
                View
              </ViewButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function CompanyCards({ companies, onOpen }: RowsProps) {
  return (
    <ul aria-label="Companies" className="flex flex-col gap-3">
      {companies.map((company) => (
        <li
          key={company.id}
          className="rounded-lg border border-border bg-card p-4 text-sm shadow-sm"
          {...{ [COMPANY_ROW_ATTRIBUTE]: company.id }}
        >
          <p className="font-medium wrap-anywhere">{company.name}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Payment terms</dt>
            <dd>{PAYMENT_TERMS_LABELS[company.paymentTerms]}</dd>
            <dt className="text-muted-foreground">People</dt>
            <dd>{company.peopleCount}</dd>
            <dt className="text-muted-foreground">Locations</dt>
            <dd>{company.locationCount}</dd>
            <dt className="text-muted-foreground">Orders</dt>
            <dd>{company.orderCount}</dd>
            <dt className="text-muted-foreground">Created</dt>
            <dd>{formatDate(company.createdAt, DATE_FORMAT)}</dd>
          </dl>
          <div className="mt-3">
            <ViewButton label={`View company ${company.name}`} onClick={() => onOpen(company)}>
              View
            </ViewButton>
          </div>
        </li>
      ))}
    </ul>
  );
}
