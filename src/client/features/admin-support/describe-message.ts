import { supportSubjectLabel } from '../../../shared/schemas/support';
import { type AdminSupportMessage } from '../../../shared/schemas/admin-support';

/** Names a message in its controls' labels ('Order Issue from Jane Doe'), as a row has no visible number. */
export function describeMessage(message: AdminSupportMessage): string {
  return `${supportSubjectLabel(message.subject)} from ${message.customer.name}`;
}
