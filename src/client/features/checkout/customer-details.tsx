import { MapPin, Pencil, UserRound } from 'lucide-react';
import { ErrorList } from '../../components/ui/error-list';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../shared/schemas/auth';
import type { OrderCustomerInput } from '../../../shared/schemas/orders';
import { shippingAddressLines, type ShippingFields } from '../../../shared/addresses';
import type { OrderLocationView } from '../../../shared/schemas/current-user';
import { NO_LOCATION_MESSAGE } from '../../../shared/company-roles';
import { SelectField } from '../../components/ui/select-field';
import { DATE_FORMAT, formatDate } from '../../lib/format-date';

interface CustomerDetailsProps {
  customer: OrderCustomerInput;
  user: CurrentUser;
  /** The spec's messages for a contact the order cannot be sent with; shown next to the Edit link. */
  problems: readonly string[];
  /** The location the order ships to (docs/companies.md#locations), null when the person has none. */
  location: OrderLocationView | null;
  onLocationChange: (id: number) => void;
  disabled?: boolean;
}

/**
 * The customer contact and shipping address blocks of the review page (docs/storefront.md#review-page),
 * filled from the profile; each has an Edit link to /account, where the profile is changed.
 */
export function CustomerDetails({
  customer,
  user,
  problems,
  location,
  onLocationChange,
  disabled = false,
}: CustomerDetailsProps) {
  return (
    <>
      <Block
        id="review-contact"
        title="Customer Contact"
        icon={<UserRound aria-hidden="true" className="size-5 text-primary" />}
        editLabel="Edit customer contact"
      >
        <dl className="grid gap-2 text-sm sm:grid-cols-[7rem_minmax(0,1fr)]">
          <Detail label="Name" value={customer.customerName} />
          <Detail label="Business" value={customer.businessName} />
          <Detail label="Email" value={customer.customerEmail} />
          <Detail label="Phone" value={customer.customerPhone} />
        </dl>
        <ErrorList
          messages={problems}
          className="mt-3"
          footer="Please update your details with the Edit link, then submit your order."
        />
      </Block>
      <Block
        id="review-shipping"
        title="Shipping Address"
        icon={<MapPin aria-hidden="true" className="size-5 text-primary" />}
        editLabel="Edit shipping address"
      >
        <ShipTo
          locations={user.locations}
          location={location}
          onChange={onLocationChange}
          disabled={disabled}
          fallback={user}
        />
      </Block>
    </>
  );
}

interface BlockProps {
  id: string;
  title: string;
  icon: ReactNode;
  editLabel: string;
  children: ReactNode;
}

function Block({ id, title, icon, editLabel, children }: BlockProps) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="mb-3 flex items-center gap-2">
        {icon}
        <h2 id={`${id}-title`} className="mr-auto text-lg font-semibold">
          {title}
        </h2>
        <Link
          to="/account"
          aria-label={editLabel}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <Pencil aria-hidden="true" className="size-3.5" />
          Edit
        </Link>
      </div>
      {children}
    </section>
  );
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  const shown = value?.trim();
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">
        {shown || <span className="text-muted-foreground italic">Not provided</span>}
      </dd>
    </>
  );
}

/**
 * Where the order ships (docs/companies.md#locations): the location chosen among those the person orders
 * for (a select when there are several, preselected with the default) and its address. A person with no
 * location sees why; staff and older sessions without locations see the profile's address.
 */
function ShipTo({
  locations,
  location,
  onChange,
  disabled,
  fallback,
}: {
  locations: readonly OrderLocationView[];
  location: OrderLocationView | null;
  onChange: (id: number) => void;
  disabled: boolean;
  fallback: CurrentUser;
}) {
  // A customer given no location yet cannot order; the server would say the same.
  if (!location && fallback.company) {
    return <p className="text-sm text-muted-foreground">{NO_LOCATION_MESSAGE}</p>;
  }
  return (
    <>
      {locations.length > 1 && location ? (
        <SelectField
          label="Ships to location"
          className="mb-3"
          value={String(location.id)}
          disabled={disabled}
          options={locations.map((option) => ({ value: String(option.id), label: option.name }))}
          onChange={(event) => onChange(Number(event.target.value))}
        />
      ) : location ? (
        <p className="mb-1 text-sm font-medium">{location.name}</p>
      ) : null}
      <AddressLines address={location ?? fallback} />
      {location?.taxExemption ? (
        <p className="mt-2 text-sm">
          Tax exempt: certificate {location.taxExemption.certificateNumber} ({location.taxExemption.state}),
          valid through {formatDate(`${location.taxExemption.expiresOn}T12:00:00Z`, DATE_FORMAT)}
        </p>
      ) : null}
    </>
  );
}

function AddressLines({ address }: { address: ShippingFields }) {
  const lines = shippingAddressLines(address);
  if (lines.length === 0) {
    return <p className="text-sm text-muted-foreground">No shipping address on file yet.</p>;
  }
  return (
    <address className="text-sm not-italic">
      {lines.map((line, index) => (
        <span key={index} className="block break-words">
          {line}
        </span>
      ))}
    </address>
  );
}
