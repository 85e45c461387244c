import { useState } from 'react';
import { shippingAddressLines } from '../../../shared/addresses';
import type { Location } from '../../../shared/schemas/locations';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LocationDialog } from './location-dialog';
import { useMakeDefaultLocation, useRemoveLocation } from './locations-api';

/**
 * The company's locations (docs/companies.md#locations): each with its address; an owner adds, edits and
 * removes them and chooses the default (the one My Account shows and orders fall back to).
 */
export function CompanyLocations({ locations, mayManage }: { locations: Location[]; mayManage: boolean }) {
  const [editing, setEditing] = useState<Location | null | 'new'>(null);
  const [removing, setRemoving] = useState<Location | null>(null);
  const remove = useRemoveLocation();
  const makeDefault = useMakeDefaultLocation();

  return (
    <>
      {mayManage ? (
        <div className="mt-4">
          <Button variant="outline" onClick={() => setEditing('new')}>
            Add location
          </Button>
        </div>
      ) : null}
      <ul className="mt-4 divide-y divide-border">
        {locations.map((location) => (
          <li key={location.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start">
            <div className="min-w-0 sm:mr-auto">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {location.name}
                {location.isDefault ? <Badge variant="secondary">Default</Badge> : null}
              </p>
              <address className="text-sm text-muted-foreground not-italic">
                {shippingAddressLines(location).join(', ') || 'No address yet'}
              </address>
              {location.taxExemption ? (
                <p className="text-xs text-muted-foreground">
                  Tax exempt: certificate {location.taxExemption.certificateNumber} (
                  {location.taxExemption.state}), through {location.taxExemption.expiresOn}
                </p>
              ) : null}
              {location.billingAddress ? (
                <p className="text-xs text-muted-foreground">
                  Billed at {location.billingAddress.split('\n').join(', ')}
                </p>
              ) : null}
            </div>
            {mayManage ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  aria-label={`Edit ${location.name}`}
                  onClick={() => setEditing(location)}
                >
                  Edit
                </Button>
                {location.isDefault ? null : (
                  <>
                    <Button
                      variant="outline"
                      aria-label={`Make default: ${location.name}`}
                      disabled={makeDefault.isPending}
                      onClick={() => makeDefault.mutate({ id: location.id, name: location.name })}
                    >
                      Make default
                    </Button>
                    <Button
                      variant="outline"
                      aria-label={`Remove ${location.name}`}
                      onClick={() => setRemoving(location)}
                    >
                      Remove
                    </Button>
                  </>
                )}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <LocationDialog
        open={editing !== null}
        location={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        description="Its orders keep their address. Buyers who ordered only for this location need another one."
        confirmLabel="Remove"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) {
            remove.mutate({ id: removing.id, name: removing.name }, { onSettled: () => setRemoving(null) });
          }
        }}
      />
    </>
  );
}
