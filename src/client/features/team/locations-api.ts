import { locationSchema, type LocationRequest } from '../../../shared/schemas/locations';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import { requestJson } from '../../lib/api';
import { useTeamChange } from './team-api';

/** The owner's changes of the company's locations (docs/companies.md#locations). */

/** Add (no id) or edit a location: the dialog shows the refusal itself. */
export const useSaveLocation = () =>
  useTeamChange(
    ({ id, values }: { id: number | null; values: LocationRequest }) =>
      requestJson(id === null ? '/api/company/locations' : `/api/company/locations/${id}`, locationSchema, {
        method: id === null ? 'POST' : 'PUT',
        body: values,
      }),
    ({ id, values }) => (id === null ? `${values.name.trim()} added` : `${values.name.trim()} saved`),
    'Failed to save the location',
    { showErrors: false },
  );

export const useRemoveLocation = () =>
  useTeamChange(
    ({ id }: { id: number; name: string }) =>
      requestJson(`/api/company/locations/${id}`, messageResponseSchema, { method: 'DELETE' }),
    ({ name }) => `${name} removed`,
    'Failed to remove the location',
  );

export const useMakeDefaultLocation = () =>
  useTeamChange(
    ({ id }: { id: number; name: string }) =>
      requestJson(`/api/company/locations/${id}/default`, messageResponseSchema, { method: 'POST' }),
    ({ name }) => `${name} is now the default location`,
    'Failed to change the default location',
  );
