import { supportSubjectLabel, type AdminSupportMessage } from '../../../shared/schemas/support';

/** Names a message in its controls' labels ('Order Issue from Jane Doe'), as a row has no visible number. */
export function describeMessage(message: AdminSupportMessage): string {
  return `${supportSubjectLabel(message.subject)} from ${message.customer.name}`;
}
