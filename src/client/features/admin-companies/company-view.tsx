import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Combine, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES } from '../../../shared/company-roles';
import { ORDER_STATUS_LABELS } from '../../../shared/orders';
import { PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import { companyRoleSchema, type AdminCompanyDetail } from '../../../shared/schemas/admin-companies';
import { ListState } from '../../components/admin/list-state';
import { TaxExemptionDialog } from './tax-exemption-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmailAddress } from '../../components/ui/email-address';
import { SelectField } from '../../components/ui/select-field';
import { DATE_FORMAT, DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { formatMoney } from '../../lib/format-money';
import { AddPersonDialog } from './add-person-dialog';
import { CompanyCredit } from './company-credit';
import { CompanyReorder } from './company-reorder';
import { companyQueryOptions, useChangeMemberRole } from './companies-api';
import { describeAuditEntry } from './company-audit';
import { MergeCompanyDialog } from './merge-company-dialog';

type Detail = AdminCompanyDetail;

const ROLE_OPTIONS = COMPANY_ROLES.map((role) => ({ value: role, label: COMPANY_ROLE_LABELS[role] }));
const STATUS_LABELS = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  disabled: 'Disabled',
};

/**
 * One company as staff see it (docs/companies.md#admin-companies): its credit (limit, open balance, 'Credit
 * available', orders on hold) and reorder reminders, each with its settings, its locations, its people with a
 * role select each, its recent orders and its people's support messages, the audit trail, and 'Add person' and
 * 'Merge another company into this one'. 'Back to companies' returns to the list.
 */
export function CompanyView({ companyId, onBack }: { companyId: number; onBack: () => void }) {
  const company = useQuery(companyQueryOptions(companyId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [adding, setAdding] = useState(false);
  const [merging, setMerging] = useState(false);
  const data = company.data;

  // Opening a company moves the keyboard's place to its heading, so Tab goes on through its page.
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  return (
    <div className="space-y-6">
      <Button variant="outline" size="sm" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back to companies
      </Button>
      <ListState
        query={company}
        isEmpty={false}
        loadingText="Loading company..."
        emptyText=""
        errorPrefix="Error loading company: "
      >
        {data ? (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold wrap-anywhere">
                  {data.company.name}
                </h2>
                <p className="text-sm text-muted-foreground">
                  {PAYMENT_TERMS_LABELS[data.company.paymentTerms]} · Since{' '}
                  {formatDate(data.company.createdAt, DATE_FORMAT)}
                </p>
                <ShopifyStatus shopify={data.shopify} />
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setAdding(true)}>
                  <UserPlus aria-hidden="true" />
                  Add person
                </Button>
                <Button variant="outline" onClick={() => setMerging(true)}>
                  <Combine aria-hidden="true" />
                  Merge another company into this one
                </Button>
              </div>
            </div>
            <div className="grid gap-6 xl:grid-cols-2">
              <CompanyCredit companyId={data.company.id} credit={data.credit} />
              <CompanyReorder companyId={data.company.id} reorder={data.reorder} />
            </div>
            <People detail={data} />
            <Locations detail={data} />
            <Orders detail={data} />
            <SupportMessages detail={data} />
            <AuditTrail detail={data} />
            <AddPersonDialog
              open={adding}
              company={data.company}
              memberIds={data.people.map((person) => person.id)}
              onClose={() => setAdding(false)}
            />
            <MergeCompanyDialog open={merging} into={data.company} onClose={() => setMerging(false)} />
          </>
        ) : null}
      </ListState>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h3 className="text-lg font-semibold">{title}</h3>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: string }) => (
  <p className="text-sm text-muted-foreground">{children}</p>
);

function People({ detail }: { detail: Detail }) {
  const change = useChangeMemberRole(detail.company.id);
  const changingId = change.isPending ? change.variables.userId : null;
  return (
    <Part title="People">
      {detail.people.length === 0 ? (
        <Empty>Nobody belongs to this company any more. Add a person to give it an owner.</Empty>
      ) : (
        <ul aria-label="People" className="divide-y divide-border rounded-lg border border-border">
          {detail.people.map((person) => (
            <li
              key={person.id}
              className="flex flex-col gap-3 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere">{person.name}</p>
                <EmailAddress email={person.email} className="text-sm" />
                <p className="text-xs text-muted-foreground">
                  {STATUS_LABELS[person.status]} · Last sign-in{' '}
                  {person.lastLoginAt ? formatDate(person.lastLoginAt, DATE_TIME_FORMAT) : 'never'}
                </p>
              </div>
              <SelectField
                className="sm:w-40"
                label={`Role of ${person.name}`}
                hideLabel
                value={person.companyRole}
                options={ROLE_OPTIONS}
                disabled={changingId === person.id}
                onChange={(event) => {
                  const role = companyRoleSchema.safeParse(event.target.value);
                  if (role.success && role.data !== person.companyRole) {
                    change.mutate({ userId: person.id, role: role.data });
                  }
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function addressLines(address: Detail['locations'][number]['shipping']): string | null {
  const city = [address.city, [address.state, address.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const lines = [address.line1, address.line2, city, address.country].filter(Boolean);
  if (lines.length > 0) return lines.join(', ');
  return address.text;
}

function Locations({ detail }: { detail: Detail }) {
  const [exempting, setExempting] = useState<Detail['locations'][number] | null>(null);
  return (
    <Part title="Locations">
      <TaxExemptionDialog
        companyId={detail.company.id}
        location={exempting}
        onClose={() => setExempting(null)}
      />
      <ul aria-label="Locations" className="grid gap-3 md:grid-cols-2">
        {detail.locations.map((location) => (
          <li key={location.id} className="rounded-lg border border-border p-3 text-sm">
            <p className="flex items-center gap-2 font-medium">
              <span className="wrap-anywhere">{location.name}</span>
              {location.isDefault ? <Badge variant="secondary">Default</Badge> : null}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">Phone</dt>
              <dd>{location.phone ?? '—'}</dd>
              <dt className="text-muted-foreground">Shipping</dt>
              <dd className="wrap-anywhere">{addressLines(location.shipping) ?? '—'}</dd>
              <dt className="text-muted-foreground">Billing</dt>
              <dd className="wrap-anywhere">{addressLines(location.billing) ?? 'Same as shipping'}</dd>
              <dt className="text-muted-foreground">Tax</dt>
              <dd className="wrap-anywhere">
                {location.taxExemption ? (
                  <>
                    Exempt: certificate {location.taxExemption.certificateNumber} (
                    {location.taxExemption.state}), through {location.taxExemption.expiresOn}{' '}
                    {location.taxExemption.expired ? <Badge variant="warning">Expired</Badge> : null}
                  </>
                ) : (
                  'Not exempt'
                )}
              </dd>
            </dl>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              aria-label={`Tax exemption of ${location.name}`}
              onClick={() => setExempting(location)}
            >
              Tax exemption
            </Button>
          </li>
        ))}
      </ul>
    </Part>
  );
}

function Orders({ detail }: { detail: Detail }) {
  return (
    <Part title="Orders">
      {detail.recentOrders.length === 0 ? (
        <Empty>No orders yet.</Empty>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {detail.orderCount > detail.recentOrders.length
              ? `The newest ${detail.recentOrders.length} of ${detail.orderCount} orders.`
              : `${detail.orderCount} ${detail.orderCount === 1 ? 'order' : 'orders'}.`}
          </p>
          <ul aria-label="Orders" className="divide-y divide-border rounded-lg border border-border">
            {detail.recentOrders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span className="font-medium">{order.orderNumber}</span>
                <span>{formatDate(order.createdAt, DATE_TIME_FORMAT)}</span>
                <span>{ORDER_STATUS_LABELS[order.status]}</span>
                <span className="tabular-nums">{formatMoney(order.orderTotal)}</span>
                <span className="text-muted-foreground">
                  Placed by {order.placedBy?.name ?? 'a deleted account'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Part>
  );
}

function SupportMessages({ detail }: { detail: Detail }) {
  return (
    <Part title="Support messages">
      {detail.supportMessages.length === 0 ? (
        <Empty>No support messages from this company's people.</Empty>
      ) : (
        <ul aria-label="Support messages" className="divide-y divide-border rounded-lg border border-border">
          {detail.supportMessages.map((message) => (
            <li key={message.id} className="p-3 text-sm">
              <p className="font-medium wrap-anywhere">{message.subject}</p>
              <p className="text-xs text-muted-foreground">
                {message.from.name} · {formatDate(message.createdAt, DATE_TIME_FORMAT)} ·{' '}
                {message.status[0]?.toUpperCase()}
                {message.status.slice(1)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function AuditTrail({ detail }: { detail: Detail }) {
  return (
    <Part title="Audit trail">
      {detail.audit.length === 0 ? (
        <Empty>No staff changes recorded for this company or its people.</Empty>
      ) : (
        <ol aria-label="Audit trail" className="divide-y divide-border rounded-lg border border-border">
          {detail.audit.map((entry) => (
            <li key={entry.id} className="p-3 text-sm">
              <p className="wrap-anywhere">{describeAuditEntry(entry, detail)}</p>
              <p className="text-xs text-muted-foreground">
                {formatDate(entry.createdAt, DATE_TIME_FORMAT)} · {entry.actor ?? 'The portal'}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Part>
  );
}

/** Where the company stands in the connected Shopify store (docs/shopify.md#b2b-companies). */
function ShopifyStatus({ shopify }: { shopify: AdminCompanyDetail['shopify'] }) {
  if (!shopify) return null;
  if (shopify.syncError) {
    return <p className="mt-1 text-sm text-destructive wrap-anywhere">Shopify: {shopify.syncError}</p>;
  }
  if (!shopify.syncedAt) return null;
  return (
    <p className="mt-1 text-sm text-muted-foreground">
      In Shopify as a B2B company · synced {formatDate(shopify.syncedAt, DATE_TIME_FORMAT)}
    </p>
  );
}
