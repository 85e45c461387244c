/*
 * Reorder reminders' face to the rest of the server (docs/reorder-reminders.md): the routes and their
 * service (app.ts), the jobs (jobs/registry.ts, main.ts), the company page's read (admin Companies) and the
 * housekeeping of spent links. It reads orders, companies and people, and writes only `reorder_reminders`
 * and `reorder_link_tokens`; the person's setting is written through accounts.
 */
export { reorderRemindersRoutes } from './reorder-reminders.routes';
export { createReorderRemindersService } from './reorder-reminders.service';
export {
  REORDER_MAIL_JOB_TYPES,
  reorderReminderJobs,
  reorderReminderMailJob,
  startReorderReminders,
} from './reorder-reminder.jobs';
export { companyReorderOf } from './reorder-schedule';
export { REORDER_REMINDER_SUBJECT } from './reorder-reminder-email';
