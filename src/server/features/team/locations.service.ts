import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { buildAddressString } from '../../../shared/addresses';
import { isExemptionExpired } from '../../../shared/tax-exemption';
import {
  DEFAULT_LOCATION_KEPT_MESSAGE,
  LOCATION_NOT_IN_COMPANY_MESSAGE,
  ONLY_BUYERS_HAVE_LOCATIONS_MESSAGE,
  type Location,
  type LocationRequest,
  type LocationsResponse,
} from '../../../shared/schemas/locations';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import { companyLocations, type AccountRow, type CompanyLocationRow } from '../../db/schema';
import { AppError } from '../../errors';
import {
  addLocation,
  currentCompanyRole,
  makeDefaultLocation,
  removeLocation,
  setMemberLocations,
  updateLocation,
  type LocationDetails,
} from '../accounts';
import { companyOf, lockAsOwner } from './team-access';
import { PERSON_NOT_FOUND } from './team-messages';

/**
 * The company's locations (docs/companies.md#locations): everyone in the company reads the ones they order
 * for; an owner adds, edits and removes them, chooses the default, and gives buyers theirs
 * (docs/companies.md#buyers-and-locations). Every change runs under the company's lock, as the team's do.
 */

export const LOCATION_NOT_FOUND = 'Location not found';

/** The company's locations, the default first, then by name. */
export function companyLocationsOf(db: DatabaseOrTransaction, companyId: number) {
  return db
    .select()
    .from(companyLocations)
    .where(eq(companyLocations.companyId, companyId))
    .orderBy(desc(companyLocations.isDefault), asc(companyLocations.name), asc(companyLocations.id));
}

/**
 * Refuses (422) ids that are not all locations of the company; the ids as given otherwise. An empty list
 * means the company's default location.
 */
export async function ownLocationIds(
  db: DatabaseOrTransaction,
  companyId: number,
  ids: readonly number[],
): Promise<number[]> {
  const where =
    ids.length === 0
      ? and(eq(companyLocations.companyId, companyId), eq(companyLocations.isDefault, true))
      : and(eq(companyLocations.companyId, companyId), inArray(companyLocations.id, [...ids]));
  const found = await db.select({ id: companyLocations.id }).from(companyLocations).where(where);
  if (ids.length > 0 && found.length !== ids.length) {
    throw new AppError('UNPROCESSABLE', LOCATION_NOT_IN_COMPANY_MESSAGE, [
      { field: 'locationIds', message: LOCATION_NOT_IN_COMPANY_MESSAGE },
    ]);
  }
  return found.map((row) => row.id);
}

const toLocation = (row: CompanyLocationRow): Location => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  isDefault: row.isDefault,
  shippingAddress: row.shippingAddress,
  shippingAddressLine1: row.shippingAddressLine1,
  shippingAddressLine2: row.shippingAddressLine2,
  shippingCity: row.shippingCity,
  shippingState: row.shippingState,
  shippingZip: row.shippingZip,
  shippingCountry: row.shippingCountry,
  billingAddress: row.billingAddress,
  billingAddressLine1: row.billingAddressLine1,
  billingAddressLine2: row.billingAddressLine2,
  billingCity: row.billingCity,
  billingState: row.billingState,
  billingZip: row.billingZip,
  billingCountry: row.billingCountry,
  taxExemption:
    row.taxExemptCertificate &&
    row.taxExemptState &&
    row.taxExemptExpiresOn &&
    !isExemptionExpired(row.taxExemptExpiresOn)
      ? {
          certificateNumber: row.taxExemptCertificate,
          state: row.taxExemptState,
          expiresOn: row.taxExemptExpiresOn,
        }
      : null,
});

/** The stored columns of a location form: the combined address strings built, billing empty when the same. */
function locationValues(body: LocationRequest): LocationDetails & { name: string } {
  const shippingCountry = body.shippingCountry ?? 'USA';
  const billing = body.billingSameAsShipping
    ? {
        billingAddress: null,
        billingAddressLine1: null,
        billingAddressLine2: null,
        billingCity: null,
        billingState: null,
        billingZip: null,
        billingCountry: null,
      }
    : {
        billingAddress: buildAddressString({
          line1: body.billingAddressLine1 ?? '',
          line2: body.billingAddressLine2,
          city: body.billingCity ?? '',
          state: body.billingState ?? '',
          zip: body.billingZip ?? '',
          country: body.billingCountry ?? shippingCountry,
        }),
        billingAddressLine1: body.billingAddressLine1,
        billingAddressLine2: body.billingAddressLine2,
        billingCity: body.billingCity,
        billingState: body.billingState,
        billingZip: body.billingZip,
        billingCountry: body.billingCountry ?? shippingCountry,
      };
  return {
    name: body.name,
    phone: body.phone,
    shippingAddress: buildAddressString({
      line1: body.shippingAddressLine1,
      line2: body.shippingAddressLine2,
      city: body.shippingCity,
      state: body.shippingState,
      zip: body.shippingZip,
      country: shippingCountry,
    }),
    shippingAddressLine1: body.shippingAddressLine1,
    shippingAddressLine2: body.shippingAddressLine2,
    shippingCity: body.shippingCity,
    shippingState: body.shippingState,
    shippingZip: body.shippingZip,
    shippingCountry,
    ...billing,
  };
}

const notFound = () => new AppError('NOT_FOUND', LOCATION_NOT_FOUND);

export function createLocationsService({ db }: { db: Database }) {
  return {
    /** The locations the person orders for (a buyer: those given to them; the session knows which). */
    async list(user: AccountRow): Promise<LocationsResponse> {
      const companyId = companyOf(user);
      const mine = new Set(user.locations.map((location) => location.id));
      const rows = await companyLocationsOf(db, companyId);
      return {
        mayManage: user.companyRole === 'owner',
        locations: rows.filter((row) => user.companyRole !== 'buyer' || mine.has(row.id)).map(toLocation),
      };
    },

    async add(user: AccountRow, body: LocationRequest): Promise<Location> {
      return db.transaction(async (tx) => {
        const companyId = await lockAsOwner(tx, user);
        return toLocation(await addLocation(tx, companyId, locationValues(body)));
      });
    },

    async update(user: AccountRow, id: number, body: LocationRequest): Promise<Location> {
      return db.transaction(async (tx) => {
        const companyId = await lockAsOwner(tx, user);
        const row = await updateLocation(tx, companyId, id, locationValues(body));
        if (!row) throw notFound();
        return toLocation(row);
      });
    },

    /** Removes a location other than the default (409 for the default); its orders keep their address. */
    async remove(user: AccountRow, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const companyId = await lockAsOwner(tx, user);
        if (await removeLocation(tx, companyId, id)) return;
        const exists = (await companyLocationsOf(tx, companyId)).some((row) => row.id === id);
        throw exists ? new AppError('CONFLICT', DEFAULT_LOCATION_KEPT_MESSAGE) : notFound();
      });
    },

    async makeDefault(user: AccountRow, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const companyId = await lockAsOwner(tx, user);
        if (!(await makeDefaultLocation(tx, companyId, id))) throw notFound();
      });
    },

    /** A buyer's locations (at least one, all of the company). */
    async setMemberLocations(user: AccountRow, memberId: number, locationIds: number[]): Promise<void> {
      await db.transaction(async (tx) => {
        const companyId = await lockAsOwner(tx, user);
        const role = await currentCompanyRole(tx, memberId, companyId);
        if (!role) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
        if (role !== 'buyer') throw new AppError('CONFLICT', ONLY_BUYERS_HAVE_LOCATIONS_MESSAGE);
        await setMemberLocations(tx, memberId, await ownLocationIds(tx, companyId, locationIds));
      });
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
