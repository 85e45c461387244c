import { z } from 'zod';
import { bulkUpdateVariants, type UserError } from './catalogue';
import { companyMutationResolvers } from './company-mutations';
import {
  completeDraftOrder,
  createDraftOrder,
  deleteDraftOrder,
  sendDraftOrderInvoice,
  updateDraftOrder,
} from './draft-orders';
import { idOf, toGid } from './gid';
import {
  draftOrderInputSchema,
  emailInputSchema,
  parseArgument,
  toDraftOrderInput,
  toInvoiceEmail,
  toVariantBulkInputs,
  variantsBulkSchema,
} from './inputs';
import { sendOrderInvoice } from './orders';
import { sendPaymentReminder } from './payment-terms';
import type { ResolverContext } from './resolvers';
import type { FakeDraftOrder } from './state';
import type { FakeStore } from './store';
import { draftOrderView, orderView, productView, variantView, webhookSubscriptionView } from './views';

type Resolver = (args: unknown, context: ResolverContext) => unknown;

/** UserError has no `code`; only the typed user errors (ProductVariantsBulkUpdateUserError) select it. */
const userErrorsView = (errors: UserError[]) =>
  errors.map((error) => ({ field: error.field, message: error.message, code: error.code ?? null }));

function draftPayload(
  store: FakeStore,
  result: { draftOrder: FakeDraftOrder | null; userErrors: UserError[] },
) {
  return {
    draftOrder: result.draftOrder ? draftOrderView(store, result.draftOrder) : null,
    userErrors: userErrorsView(result.userErrors),
  };
}

const draftId = (value: string) => idOf(value, 'DraftOrder');

const LOOPBACK_URL = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;

/**
 * The Mutation fields the fake store performs (docs/shopify.md#operations, docs/shopify.md#the-fake-store).
 */
export const mutationResolvers: Record<string, Resolver> = {
  ...companyMutationResolvers,

  productVariantsBulkUpdate: (rawArgs, { store }) => {
    const args = z
      .object({
        productId: z.string(),
        variants: z.unknown().optional(),
        allowPartialUpdates: z.boolean().nullish(),
      })
      .parse(rawArgs);
    const variants = toVariantBulkInputs(parseArgument(variantsBulkSchema, args.variants, 'variants'));
    const result = bulkUpdateVariants(
      store,
      idOf(args.productId, 'Product'),
      variants,
      args.allowPartialUpdates ?? false,
    );
    return {
      product: result.product ? productView(store, result.product) : null,
      productVariants: result.variants?.map((variant) => variantView(store, variant)) ?? null,
      userErrors: userErrorsView(result.userErrors),
    };
  },

  draftOrderCreate: (rawArgs, { store }) => {
    const args = z.object({ input: z.unknown().optional() }).parse(rawArgs);
    const input = toDraftOrderInput(parseArgument(draftOrderInputSchema, args.input, 'input'));
    return draftPayload(store, createDraftOrder(store, input));
  },

  draftOrderUpdate: (rawArgs, { store }) => {
    const args = z.object({ id: z.string(), input: z.unknown().optional() }).parse(rawArgs);
    const input = toDraftOrderInput(parseArgument(draftOrderInputSchema, args.input, 'input'));
    return draftPayload(store, updateDraftOrder(store, draftId(args.id), input));
  },

  draftOrderInvoiceSend: (rawArgs, { store }) => {
    const args = z.object({ id: z.string(), email: z.unknown().optional() }).parse(rawArgs);
    const email = toInvoiceEmail(parseArgument(emailInputSchema, args.email, 'email'));
    return draftPayload(store, sendDraftOrderInvoice(store, draftId(args.id), email));
  },

  draftOrderComplete: (rawArgs, { store }) => {
    const args = z
      .object({
        id: z.string(),
        paymentGatewayId: z.string().nullish(),
        paymentPending: z.boolean().nullish(),
        sourceName: z.string().nullish(),
      })
      .parse(rawArgs);
    return draftPayload(
      store,
      completeDraftOrder(store, draftId(args.id), {
        via: 'api',
        paymentPending: args.paymentPending ?? false,
        paymentGatewayId: args.paymentGatewayId,
        sourceName: args.sourceName,
      }),
    );
  },

  orderInvoiceSend: (rawArgs, { store }) => {
    const args = z.object({ id: z.string(), email: z.unknown().optional() }).parse(rawArgs);
    const email = toInvoiceEmail(parseArgument(emailInputSchema, args.email, 'email'));
    const result = sendOrderInvoice(store, idOf(args.id, 'Order'), email);
    return {
      order: result.order ? orderView(store, result.order) : null,
      userErrors: userErrorsView(result.userErrors),
    };
  },

  paymentReminderSend: (rawArgs, { store }) => {
    const args = z.object({ paymentScheduleId: z.string() }).parse(rawArgs);
    const result = sendPaymentReminder(store, idOf(args.paymentScheduleId, 'PaymentSchedule'));
    return { success: result.success, userErrors: userErrorsView(result.userErrors) };
  },

  draftOrderDelete: (rawArgs, { store }) => {
    const args = z.object({ input: z.object({ id: z.string() }) }).parse(rawArgs);
    const result = deleteDraftOrder(store, draftId(args.input.id));
    return {
      deletedId: result.deletedId === null ? null : toGid('DraftOrder', result.deletedId),
      userErrors: userErrorsView(result.userErrors),
    };
  },

  webhookSubscriptionCreate: (rawArgs, { store, apiVersion }) => {
    const args = z
      .object({
        topic: z.string(),
        webhookSubscription: z.object({
          uri: z.string().nullish(),
          callbackUrl: z.string().nullish(),
          format: z.enum(['JSON', 'XML']).nullish(),
          name: z.string().nullish(),
          filter: z.string().nullish(),
          includeFields: z.array(z.string()).nullish(),
        }),
      })
      .parse(rawArgs);
    const input = args.webhookSubscription;
    const uri = input.uri ?? input.callbackUrl ?? '';
    const fail = (message: string) => ({
      webhookSubscription: null,
      userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message }],
    });
    if (!uri) return fail("Address can't be blank");
    // Shopify takes https (or pubsub:// / arn:aws:events:); plain http only for the fake's loopback tests.
    if (!/^(https:\/\/|pubsub:\/\/|arn:aws:events:)/.test(uri) && !LOOPBACK_URL.test(uri)) {
      return fail('Address protocol http:// is not supported');
    }
    const taken = [...store.webhookSubscriptions.values()].some(
      (subscription) => subscription.topic === args.topic && subscription.uri === uri,
    );
    if (taken) return fail('Address for this topic has already been taken');
    const now = store.now();
    const subscription = {
      id: store.nextId('webhookSubscription'),
      topic: args.topic,
      uri,
      format: input.format ?? 'JSON',
      name: input.name ?? null,
      filter: input.filter ?? null,
      includeFields: input.includeFields ?? [],
      createdAt: now,
      updatedAt: now,
    };
    store.webhookSubscriptions.set(subscription.id, subscription);
    return { webhookSubscription: webhookSubscriptionView(subscription, apiVersion), userErrors: [] };
  },

  webhookSubscriptionDelete: (rawArgs, { store }) => {
    const { id } = z.object({ id: z.string() }).parse(rawArgs);
    const numeric = idOf(id, 'WebhookSubscription');
    if (numeric === null || !store.webhookSubscriptions.delete(numeric)) {
      return {
        deletedWebhookSubscriptionId: null,
        userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
      };
    }
    return { deletedWebhookSubscriptionId: id, userErrors: [] };
  },
};
