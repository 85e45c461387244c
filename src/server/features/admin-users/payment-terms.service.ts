import { isNetTerms, type PaymentTerms } from '../../../shared/payment-terms';
import {
  ADMIN_USERS_CONFLICTS,
  type AdminUser,
  type PaymentTermsOptionsResponse,
} from '../../../shared/schemas/admin-users';
import { recordAudit } from '../../audit/audit-log';
import { shopifyAppError } from '../../integrations/shopify/shopify-errors';
import type { AdminDeps } from '../admin';
import { netTemplateFor, paymentTermsOptions } from '../orders';
import { findUserById, setCompanyPaymentTerms } from '../accounts';
import { conflict, toAdminUser, userNotFound, type Actor } from './admin-users.service';

const READING_TERMS = "reading the store's payment terms";

/**
 * A customer's payment terms in admin Users (docs/admin.md#users, docs/orders.md#payment-terms): the choices
 * (from the store's NET templates when it is connected) and the change, audited. Orders keep the terms they
 * were submitted under.
 */
export function createPaymentTermsService({ db, shopify }: Pick<AdminDeps, 'db' | 'shopify'>) {
  return {
    async options(): Promise<PaymentTermsOptionsResponse> {
      const result = await paymentTermsOptions(shopify?.api ?? null);
      if (!result.ok) throw shopifyAppError(result.error, READING_TERMS);
      return result.data;
    },

    async set(actor: Actor, userId: number, paymentTerms: PaymentTerms): Promise<AdminUser> {
      // The store is asked before the transaction: no lock is held across a call to Shopify.
      if (shopify && isNetTerms(paymentTerms)) {
        const templates = await shopify.api.listNetPaymentTermsTemplates();
        if (!templates.ok) throw shopifyAppError(templates.error, READING_TERMS);
        if (!netTemplateFor(templates.data, paymentTerms)) {
          throw conflict(ADMIN_USERS_CONFLICTS.termsUnavailable);
        }
      }
      return db.transaction(async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw userNotFound();
        const company = user.role === 'customer' ? user.company : null;
        if (!company) throw conflict(ADMIN_USERS_CONFLICTS.termsForCustomers);
        if (company.paymentTerms === paymentTerms) return toAdminUser(user);
        // The terms are the company's: every person of it orders under them (docs/companies.md).
        const updated = await setCompanyPaymentTerms(tx, company.id, paymentTerms);
        if (!updated) throw userNotFound();
        await recordAudit(tx, actor, {
          action: 'user.payment-terms',
          entityType: 'user',
          entityId: user.id,
          before: { paymentTerms: company.paymentTerms, companyId: company.id },
          after: { paymentTerms: updated.paymentTerms, companyId: company.id },
        });
        return toAdminUser({ ...user, company: updated });
      });
    },
  };
}
