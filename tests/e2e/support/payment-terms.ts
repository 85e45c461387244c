import type { Page } from '@playwright/test';
import { fullName, type NewCustomer } from './accounts';

/**
 * Opens admin Users ('Users' exactly: 'Pending Users' is a section too) and the 'Payment Terms' dialog of
 * `customer`; their row, and the dialog.
 */
export async function openPaymentTermsDialog(admin: Page, customer: NewCustomer) {
  await admin
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Users', exact: true })
    .click();
  const row = admin.getByRole('row').filter({ hasText: customer.email });
  await row.getByRole('button', { name: `Change Payment Terms of ${fullName(customer)}` }).click();
  return { row, dialog: admin.getByRole('dialog', { name: 'Payment Terms' }) };
}
