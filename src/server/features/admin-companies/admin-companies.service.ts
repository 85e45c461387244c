import type { CompanyRole } from '../../../shared/company-roles';
import { centsToDecimal } from '../../../shared/money';
import { formatOrderNumber, toOrderStatus } from '../../../shared/orders';
import {
  ADMIN_COMPANIES_CONFLICTS,
  ADMIN_COMPANIES_SUCCESS,
  COMPANY_MEMBER_NOT_FOUND,
  COMPANY_NOT_FOUND,
  COMPANY_PAGE_LIMITS,
  type AdminCompanyDetail,
  type AdminCompanyListQuery,
  type AdminCompanyListResponse,
  type AdminCompanyLocation,
  type MergeCompanyResponse,
} from '../../../shared/schemas/admin-companies';
import { USER_NOT_FOUND } from '../../../shared/schemas/admin-users';
import { isExemptionExpired } from '../../../shared/tax-exemption';
import { fullName } from '../../../shared/user-name';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import type { CompanyLocationRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { AdminDeps } from '../admin';
import { moveInvitationsBetweenCompanies, revokeInvitationsBy } from '../team';
import {
  deleteMergedCompany,
  moveCustomerToCompany,
  moveLocationsBetweenCompanies,
  moveMembersBetweenCompanies,
  keepAnOwner,
  keepAnOwnerForOthers,
  setCompanyRole,
} from '../accounts';
import { lockOrdersOfCompany, moveOrdersBetweenCompanies, readCompanyCredit } from '../orders';
import { companyReorderOf } from '../reorder-reminders';
import { shopifyStatusOf } from '../companies-shopify';
import {
  findAuditOfCompany,
  findCompaniesPage,
  findCompany,
  findLocations,
  findMembers,
  findRecentOrders,
  findSupportMessagesOf,
  findUser,
  lockCompanies,
  lockMembers,
} from './admin-companies.repository';

const companyNotFound = () => notFound(COMPANY_NOT_FOUND);
const conflict = (message: string) => new AppError('CONFLICT', message);

function toLocation(row: CompanyLocationRow): AdminCompanyLocation {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    isDefault: row.isDefault,
    shipping: {
      line1: row.shippingAddressLine1,
      line2: row.shippingAddressLine2,
      city: row.shippingCity,
      state: row.shippingState,
      zip: row.shippingZip,
      country: row.shippingCountry,
      text: row.shippingAddress,
    },
    billing: {
      line1: row.billingAddressLine1,
      line2: row.billingAddressLine2,
      city: row.billingCity,
      state: row.billingState,
      zip: row.billingZip,
      country: row.billingCountry,
      text: row.billingAddress,
    },
    taxExemption:
      row.taxExemptCertificate && row.taxExemptState && row.taxExemptExpiresOn
        ? {
            certificateNumber: row.taxExemptCertificate,
            state: row.taxExemptState,
            expiresOn: row.taxExemptExpiresOn,
            expired: isExemptionExpired(row.taxExemptExpiresOn),
          }
        : null,
  };
}

/** What the audit log keeps of a person's place in a company. */
const membership = (user: Pick<UserRow, 'companyId' | 'companyRole'>) => ({
  companyId: user.companyId,
  companyRole: user.companyRole,
});

/**
 * The admin Companies operations (docs/companies.md#admin-companies): the list, a company's page, and
 * staff's changes to its people, each audited in the transaction of the change. A company always keeps an
 * owner while it has people; the members are locked before that is checked.
 */
export function createAdminCompaniesService({ db }: Pick<AdminDeps, 'db'>) {
  return {
    async list(query: AdminCompanyListQuery): Promise<AdminCompanyListResponse> {
      const { rows, total } = await findCompaniesPage(db, query.search, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        companies: rows.map(({ company, ...counts }) => ({
          id: company.id,
          name: company.name,
          paymentTerms: company.paymentTerms,
          createdAt: company.createdAt.toISOString(),
          ...counts,
        })),
        total,
        totalPages: Math.ceil(total / query.limit),
        page: query.page,
        limit: query.limit,
      };
    },

    async detail(id: number): Promise<AdminCompanyDetail> {
      const company = await findCompany(db, id);
      if (!company) throw companyNotFound();
      const members = await findMembers(db, id);
      const memberIds = members.map((member) => member.id);
      const [credit, reorder, locations, orders, messages, audit, shopify] = [
        await readCompanyCredit(db, id),
        await companyReorderOf(db, id),
        await findLocations(db, id),
        await findRecentOrders(db, id, COMPANY_PAGE_LIMITS.orders),
        await findSupportMessagesOf(db, memberIds, COMPANY_PAGE_LIMITS.supportMessages),
        await findAuditOfCompany(db, id, memberIds, COMPANY_PAGE_LIMITS.audit),
        await shopifyStatusOf(db, id),
      ];
      return {
        company: {
          id: company.id,
          name: company.name,
          paymentTerms: company.paymentTerms,
          createdAt: company.createdAt.toISOString(),
          updatedAt: company.updatedAt.toISOString(),
        },
        credit: credit ?? {
          limit: null,
          openBalance: '0.00',
          available: null,
          usedPercent: null,
          ordersOnHold: 0,
        },
        reorder,
        locations: locations.map(toLocation),
        people: members.map((member) => ({
          id: member.id,
          name: fullName(member),
          email: member.email,
          // Every member of a company has a role (users_company_membership_check).
          companyRole: member.companyRole ?? 'viewer',
          status: member.status,
          lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
        })),
        recentOrders: orders.rows.map((order) => ({
          id: order.id,
          orderNumber: formatOrderNumber(order.id),
          createdAt: order.createdAt.toISOString(),
          status: toOrderStatus(order.status),
          orderTotal: centsToDecimal(order.orderTotal),
          placedBy: order.placedById === null ? null : { id: order.placedById, name: order.placedByName },
        })),
        orderCount: orders.total,
        supportMessages: messages.map((message) => ({
          id: message.id,
          subject: message.subject,
          status: message.status,
          createdAt: message.createdAt.toISOString(),
          from: { id: message.userId, name: message.userName },
        })),
        audit: audit.map((entry) => ({
          id: entry.id,
          action: entry.action,
          entityType: entry.entityType,
          entityId: entry.entityId,
          actor: entry.actorName,
          before: entry.before,
          after: entry.after,
          createdAt: entry.createdAt.toISOString(),
        })),
        shopify: shopify && {
          companyId: shopify.shopifyCompanyId,
          syncedAt: shopify.syncedAt?.toISOString() ?? null,
          syncError: shopify.syncError,
        },
      };
    },

    /**
     * A member's role in the company. The member's row changes, which tells every instance to forget their
     * remembered sessions (migration 0005): the new role holds from their next request.
     */
    changeRole(actor: AuditActor, companyId: number, userId: number, role: CompanyRole): Promise<string> {
      return db.transaction(async (tx) => {
        const [company] = await lockCompanies(tx, [companyId]);
        if (!company) throw companyNotFound();
        const members = await lockMembers(tx, companyId);
        const member = members.find((candidate) => candidate.id === userId);
        if (!member) throw notFound(COMPANY_MEMBER_NOT_FOUND);
        if (member.companyRole === role) return ADMIN_COMPANIES_SUCCESS.roleUpdated;
        // The company keeps an owner (docs/companies.md#people-and-roles), checked under its lock.
        if (member.companyRole === 'owner') {
          await keepAnOwner(tx, companyId, member.id);
          // What they invited as an owner no longer stands, as when an owner demotes them.
          await revokeInvitationsBy(tx, companyId, member.id);
        }
        const updated = await setCompanyRole(tx, member.id, companyId, role);
        if (!updated) throw notFound(COMPANY_MEMBER_NOT_FOUND);
        await recordAudit(tx, actor, {
          action: 'user.company-role',
          entityType: 'user',
          entityId: member.id,
          before: membership(member),
          after: membership(updated),
        });
        return ADMIN_COMPANIES_SUCCESS.roleUpdated;
      });
    },

    /**
     * An existing customer joins the company with `role`, leaving their own: that company stays, with its
     * orders, even when it is left empty, but not without an owner while others remain in it.
     */
    addMember(actor: AuditActor, companyId: number, userId: number, role: CompanyRole): Promise<string> {
      return db.transaction(async (tx) => {
        const found = await findUser(tx, userId);
        if (!found) throw notFound(USER_NOT_FOUND);
        if (found.role !== 'customer' || found.companyId === null) {
          throw conflict(ADMIN_COMPANIES_CONFLICTS.staffHaveNoCompany);
        }
        if (found.companyId === companyId) throw conflict(ADMIN_COMPANIES_CONFLICTS.alreadyMember);
        const locked = await lockCompanies(tx, [companyId, found.companyId]);
        if (!locked.some((company) => company.id === companyId)) throw companyNotFound();
        const oldMembers = await lockMembers(tx, found.companyId);
        // Read again under the lock: a merge or another move may have taken them elsewhere meanwhile.
        const member = oldMembers.find((candidate) => candidate.id === found.id);
        if (!member) throw conflict(ADMIN_COMPANIES_CONFLICTS.movedMeanwhile);
        // The company left keeps an owner while anyone remains in it; the last person may leave it empty.
        if (member.companyRole === 'owner') await keepAnOwnerForOthers(tx, found.companyId, member.id);
        // Their invitations into the company they leave no longer stand.
        await revokeInvitationsBy(tx, found.companyId, member.id);
        const moved = await moveCustomerToCompany(tx, member.id, companyId, role);
        if (!moved) throw notFound(USER_NOT_FOUND);
        await recordAudit(tx, actor, {
          action: 'user.company-move',
          entityType: 'user',
          entityId: member.id,
          before: membership(member),
          after: membership(moved),
        });
        return ADMIN_COMPANIES_SUCCESS.memberAdded;
      });
    },

    /**
     * Merges company `fromId` into `intoId` (a retailer who registered twice): its people (with their
     * roles), its locations (none of them the default: `intoId` keeps its own) and its orders move, the
     * support messages follow their people, and `fromId` is deleted. One transaction, one audit entry.
     */
    merge(actor: AuditActor, intoId: number, fromId: number): Promise<MergeCompanyResponse> {
      if (intoId === fromId)
        throw new AppError('VALIDATION_FAILED', ADMIN_COMPANIES_CONFLICTS.mergeIntoItself);
      return db.transaction(async (tx) => {
        // Its orders first, then the companies: the order an approval takes its locks in (docs/credit.md).
        await lockOrdersOfCompany(tx, fromId);
        const locked = await lockCompanies(tx, [intoId, fromId]);
        const into = locked.find((company) => company.id === intoId);
        const from = locked.find((company) => company.id === fromId);
        if (!into || !from) throw companyNotFound();
        await lockMembers(tx, fromId);
        const moved = {
          people: await moveMembersBetweenCompanies(tx, fromId, intoId),
          locations: await moveLocationsBetweenCompanies(tx, fromId, intoId),
          orders: await moveOrdersBetweenCompanies(tx, fromId, intoId),
        };
        // Its invitations follow, so their links still work and their history stays.
        await moveInvitationsBetweenCompanies(tx, fromId, intoId);
        await deleteMergedCompany(tx, fromId);
        await recordAudit(tx, actor, {
          action: 'company.merge',
          entityType: 'company',
          entityId: intoId,
          before: {
            into: { id: into.id, name: into.name, paymentTerms: into.paymentTerms },
            from: { id: from.id, name: from.name, paymentTerms: from.paymentTerms },
          },
          after: { companyId: intoId, fromCompanyId: fromId, moved },
        });
        return { message: ADMIN_COMPANIES_SUCCESS.merged, moved };
      });
    },
  };
}
