import type { ShopifyCompany, ShopifyCompanyContact } from '../../integrations/shopify/shopify-api';
import type { CompaniesShopifyDeps } from './b2b-gate';
import {
  forgetContact,
  loadShopifyMapping,
  saveContact,
  type PortalCompany,
  type PortalMember,
} from './companies-shopify.repository';
import { toE164 } from './company-input';
import { SyncRefused, unwrap, WaitingForSearch } from './sync-errors';

/*
 * A company's people as Shopify company contacts (docs/shopify.md#b2b-companies). Owners and buyers order,
 * so each is a contact: an owner as 'Location admin' at every location, a buyer 'Ordering only' at the
 * locations the owner gave them. Viewers never order and have no contact. A contact is found by the person's
 * e-mail (contacts have no external id); a person who leaves, is disabled or becomes a viewer is removed
 * from the company's contacts. Only contacts the portal made or adopted are ever changed: the merchant's own
 * are left alone.
 */

type Assignment = { roleId: string; locationId: string };

const orders = (member: PortalMember) =>
  member.status === 'approved' && (member.companyRole === 'owner' || member.companyRole === 'buyer');

/** The shop's role whose name matches, else the company's default role. */
function roleLike(company: ShopifyCompany, pattern: RegExp): string | null {
  return company.contactRoles.find((role) => pattern.test(role.name))?.id ?? company.defaultRole?.id ?? null;
}

/** Syncs the contacts and their roles; returns what could not be done for a person (shown to staff). */
export async function syncContacts(
  deps: CompaniesShopifyDeps,
  portal: PortalCompany,
  company: ShopifyCompany,
): Promise<string[]> {
  const { db, shopify, log } = deps;
  const companyId = portal.company.id;
  const mapping = await loadShopifyMapping(db, companyId);
  const listed = unwrap('listing contacts', await shopify.api.listCompanyContacts(company.id));
  const byId = new Map(listed.map((contact) => [contact.id, contact]));
  const members = new Map(portal.members.filter(orders).map((member) => [member.userId, member]));

  // Contacts of people who no longer order here: removed from the company (a moved person's old company too).
  const kept = new Map<number, ShopifyCompanyContact>();
  for (const row of mapping.contacts) {
    const contact = row.companyId === companyId ? byId.get(row.shopifyContactId) : undefined;
    if (contact && members.has(row.userId)) {
      kept.set(row.userId, contact);
      continue;
    }
    if (row.companyId !== companyId || contact) {
      const removed = await shopify.api.removeContactFromCompany(row.shopifyContactId);
      // Already gone from it (the merchant removed it, or its company was deleted): nothing left to do.
      if (!removed.ok && removed.error.kind !== 'user-errors') unwrap('removing a contact', removed);
    }
    await forgetContact(db, row.userId);
  }

  const problems: string[] = [];
  const locationIds = portal.locations
    .map((location) => mapping.locations.get(location.id)?.shopifyLocationId)
    .filter((id): id is string => id !== undefined);
  const adminRole = roleLike(company, /admin/i);
  const orderingRole = roleLike(company, /order|buyer/i);
  const rolesOf = (member: PortalMember): Assignment[] => {
    const wanted =
      member.companyRole === 'owner'
        ? locationIds.map((locationId) => ({ roleId: adminRole ?? '', locationId }))
        : member.locationIds
            .map((id) => mapping.locations.get(id)?.shopifyLocationId)
            .filter((id): id is string => id !== undefined)
            .map((locationId) => ({ roleId: orderingRole ?? '', locationId }));
    return wanted.filter((assignment) => assignment.roleId !== '');
  };
  for (const member of members.values()) {
    const existing =
      kept.get(member.userId) ?? listed.find((candidate) => candidate.email === member.email) ?? null;
    const previous = mapping.contacts.find((row) => row.userId === member.userId);
    try {
      const problem = await syncMember(deps, company, {
        member,
        companyId,
        existing,
        previousSent: previous?.sent ?? null,
        roles: rolesOf(member),
      });
      if (problem) problems.push(problem);
    } catch (error) {
      // One person Shopify refuses (a phone another customer has, say) does not stop the others.
      if (!(error instanceof SyncRefused)) throw error;
      problems.push(`${member.email}: ${error.message}`);
    }
  }
  if (problems.length > 0)
    log.warn({ companyId, problems }, 'some people could not be made Shopify contacts');
  return problems;
}

/** What is sent of a person; nothing for what the portal does not know (a contact's own phone stays). */
const contactInput = (sent: Record<string, string>) => ({
  firstName: sent.firstName || undefined,
  lastName: sent.lastName || undefined,
  phone: sent.phone || undefined,
});

/** One person as a contact with their roles; a sentence for staff when they cannot be one. */
async function syncMember(
  deps: CompaniesShopifyDeps,
  company: ShopifyCompany,
  person: {
    member: PortalMember;
    companyId: number;
    existing: ShopifyCompanyContact | null;
    previousSent: Record<string, string> | null;
    roles: Assignment[];
  },
): Promise<string | null> {
  const { member, existing } = person;
  const sent = {
    firstName: member.firstName ?? '',
    lastName: member.lastName ?? '',
    phone: toE164(member.phone) ?? '',
  };
  const made = existing ?? (await makeContact(deps, company, member, sent));
  if (typeof made === 'string') return made;
  if (existing && JSON.stringify(person.previousSent ?? {}) !== JSON.stringify(sent)) {
    unwrap('updating a contact', await deps.shopify.api.updateCompanyContact(made.id, contactInput(sent)));
  }
  await saveContact(deps.db, {
    userId: member.userId,
    companyId: person.companyId,
    shopifyContactId: made.id,
    shopifyCustomerId: made.customerId,
    sent,
  });
  await syncRoles(deps, made, person.roles);
  return null;
}

/**
 * A new contact for the person: created with its customer, or, when the e-mail is already a customer of the
 * store (they bought retail, say), that customer made a contact. A customer who is a contact of another
 * company cannot be one here too: a sentence for staff instead.
 */
async function makeContact(
  { shopify }: CompaniesShopifyDeps,
  company: ShopifyCompany,
  member: PortalMember,
  sent: Record<string, string>,
): Promise<Pick<ShopifyCompanyContact, 'id' | 'customerId' | 'roleAssignments'> | string> {
  const created = await shopify.api.createCompanyContact(company.id, {
    email: member.email,
    ...contactInput(sent),
  });
  if (created.ok) return { ...created.data, roleAssignments: [] };
  const taken = created.error.userErrors?.some(
    (error) => error.code === 'TAKEN' && error.field?.at(-1) === 'email',
  );
  if (!taken) unwrap('creating a contact', created);
  const customer = unwrap('looking a customer up', await shopify.api.findCustomerByEmail(member.email));
  if (!customer) throw new WaitingForSearch(`${member.email} is taken but no such customer is found yet`);
  if (customer.contactOf.includes(company.id)) {
    // Made a contact here since the contacts were read (another sync, or the merchant): adopted.
    const contacts = unwrap('listing contacts', await shopify.api.listCompanyContacts(company.id));
    const found = contacts.find((contact) => contact.customerId === customer.id);
    if (!found) throw new WaitingForSearch(`${member.email} is a contact but not listed yet`);
    return found;
  }
  if (customer.contactOf.length > 0) {
    return `${member.email} is already a contact of another Shopify company; their orders use an owner's contact`;
  }
  const assigned = unwrap(
    'making a customer a contact',
    await shopify.api.assignCustomerAsContact(company.id, customer.id),
  );
  return { ...assigned, roleAssignments: [] };
}

/** The contact's role assignments made equal to `wanted`: the missing ones given, the others revoked. */
async function syncRoles(
  { shopify }: CompaniesShopifyDeps,
  contact: Pick<ShopifyCompanyContact, 'id' | 'roleAssignments'>,
  wanted: Assignment[],
): Promise<void> {
  const same = (a: Assignment, b: Assignment) => a.roleId === b.roleId && a.locationId === b.locationId;
  const missing = wanted.filter((want) => !contact.roleAssignments.some((have) => same(want, have)));
  const extra = contact.roleAssignments.filter((have) => !wanted.some((want) => same(want, have)));
  if (extra.length > 0) {
    unwrap(
      'revoking roles',
      await shopify.api.revokeContactRoles(
        contact.id,
        extra.map((have) => have.id),
      ),
    );
  }
  if (missing.length > 0) {
    unwrap('assigning roles', await shopify.api.assignContactRoles(contact.id, missing));
  }
}
