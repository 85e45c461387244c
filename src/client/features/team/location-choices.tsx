import type { Location } from '../../../shared/schemas/locations';

/**
 * Checkboxes of the company's locations, for a buyer's share of them (docs/companies.md#buyers-and-locations):
 * in the invitation form and the member's Locations dialog.
 */
export function LocationChoices({
  locations,
  chosen,
  onChange,
  error,
}: {
  locations: readonly Location[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | null;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'location-choices-error' : undefined}>
      <legend className="mb-1 text-sm font-medium">Orders for</legend>
      {locations.map((location) => (
        <label key={location.id} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={chosen.includes(location.id)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...chosen, location.id] : chosen.filter((id) => id !== location.id),
              )
            }
          />
          {location.name}
        </label>
      ))}
      {error ? (
        <p id="location-choices-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
