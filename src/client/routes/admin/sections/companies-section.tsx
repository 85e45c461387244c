import { useState } from 'react';
import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';
import { Field } from '../../../components/ui/field';
import { CompaniesList } from '../../../features/admin-companies/companies-list';
import { CompanyView } from '../../../features/admin-companies/company-view';
import { DueReminders } from '../../../features/admin-companies/due-reminders';
import { useDebouncedValue } from '../../../features/admin-orders/use-debounced-value';

/** The search waits for the typing to pause before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The 'Companies' section of the admin dashboard (docs/companies.md#admin-companies): 'Due this week' (the
 * reorder reminders due within 7 days), the searchable, paged list, and one company's page in its place when
 * staff open it (from the list or from 'Due this week'). Rendered by the dashboard shell.
 */
export function CompaniesSection() {
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [closedId, setClosedId] = useState<number | null>(null);
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);

  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader id="companies" />
      {openId === null ? (
        <>
          <DueReminders onOpen={setOpenId} />
          <Field
            label="Search companies"
            type="search"
            placeholder="Company name, or a person's e-mail or name"
            value={searchText}
            maxLength={200}
            onChange={(event) => {
              setSearchText(event.target.value);
              setPage(1);
            }}
          />
          <CompaniesList
            search={search}
            page={page}
            onPageChange={setPage}
            onOpen={(company) => setOpenId(company.id)}
            returnFocusTo={closedId}
          />
        </>
      ) : (
        <CompanyView
          companyId={openId}
          onBack={() => {
            setClosedId(openId);
            setOpenId(null);
          }}
        />
      )}
    </section>
  );
}
