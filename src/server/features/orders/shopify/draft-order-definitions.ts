import { z } from 'zod';
import { defineJob } from '../../../jobs/job-definition';

/*
 * The draft-order jobs, each declared once (ADR 0025): type, payload, attempts and the order's serial key.
 * Their handlers are beside this file (create-draft-order.job.ts, update-draft-order.job.ts,
 * send-draft-invoice.job.ts, delete-draft-order.job.ts, bound in shopify-orders.jobs.ts); shopify-sync.ts
 * queues them with the change that causes them.
 */

export const CREATE_DRAFT_ORDER_JOB = 'shopify.draft-order.create';
export const SEND_DRAFT_INVOICE_JOB = 'shopify.draft-order.invoice';
export const DELETE_DRAFT_ORDER_JOB = 'shopify.draft-order.delete';
export const UPDATE_DRAFT_ORDER_JOB = 'shopify.draft-order.update';

export const orderJobPayloadSchema = z.object({ orderId: z.number().int().positive() });
export type OrderJobPayload = z.infer<typeof orderJobPayloadSchema>;

/**
 * The create job's payload. `createAttemptedAt` is written on the job row before every draftOrderCreate
 * call (create-draft-order.job.ts), so a later attempt knows a draft may exist although none was recorded.
 */
export const createJobPayloadSchema = orderJobPayloadSchema.extend({
  createAttemptedAt: z.iso.datetime().optional(),
});
export type CreateJobPayload = z.infer<typeof createJobPayloadSchema>;

/**
 * The update job's payload: the order whose lines changed and the order's `version` after that change (it
 * names the job, one per change; the job always sends the lines the order has when it runs).
 */
export const updateJobPayloadSchema = orderJobPayloadSchema.extend({
  version: z.number().int().positive(),
});

/**
 * The invoice job's payload. `approvedAt`: the approval whose e-mail this job owes the customer (absent: the
 * customer was already told of the approval, the job only adds the invoice). `sendingDraft`: this job has
 * claimed the sending of that draft's invoice (send-draft-invoice.job.ts), so no other job sends it too.
 */
export const invoiceJobPayloadSchema = orderJobPayloadSchema.extend({
  approvedAt: z.iso.datetime().optional(),
  sendingDraft: z.string().optional(),
  /** Net terms: the Shopify order whose invoice this job is sending (invoice-on-terms.ts), so it is sent once. */
  invoicingOrder: z.string().optional(),
});
export type InvoiceJobPayload = z.infer<typeof invoiceJobPayloadSchema>;

/**
 * Attempts of a Shopify order job. With the queue's backoff (full jitter between 1 s and 1 s doubling,
 * capped at 10 minutes) 25 attempts span about 80 minutes on average, at most about 2.6 hours. Attempts
 * refused locally by the open circuit breaker do not count (job-support.ts PostponeJob): only calls that
 * reached for Shopify and failed use them up. After that the order shows sync 'failed' and staff can ask
 * for its draft again (requeueDraftOrderCreate).
 */
export const SHOPIFY_ORDER_JOB_ATTEMPTS = 25;

/** One order's Shopify jobs run one at a time: a create, an update, an invoice and a delete never overlap. */
const orderSerialKey = ({ orderId }: OrderJobPayload) => `order:${orderId}`;

export const createDraftOrderJob = defineJob({
  type: CREATE_DRAFT_ORDER_JOB,
  label: 'Shopify draft order',
  payload: createJobPayloadSchema,
  maxAttempts: SHOPIFY_ORDER_JOB_ATTEMPTS,
  serialKey: orderSerialKey,
});

export const sendDraftInvoiceJob = defineJob({
  type: SEND_DRAFT_INVOICE_JOB,
  label: 'Shopify invoice',
  payload: invoiceJobPayloadSchema,
  maxAttempts: SHOPIFY_ORDER_JOB_ATTEMPTS,
  serialKey: orderSerialKey,
});

export const deleteDraftOrderJob = defineJob({
  type: DELETE_DRAFT_ORDER_JOB,
  label: 'Shopify draft deletion',
  payload: orderJobPayloadSchema,
  maxAttempts: SHOPIFY_ORDER_JOB_ATTEMPTS,
  serialKey: orderSerialKey,
});

export const updateDraftOrderJob = defineJob({
  type: UPDATE_DRAFT_ORDER_JOB,
  label: 'Shopify draft update',
  payload: updateJobPayloadSchema,
  maxAttempts: SHOPIFY_ORDER_JOB_ATTEMPTS,
  serialKey: orderSerialKey,
});
