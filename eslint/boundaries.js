/*
 * Import boundaries (docs/architecture.md, 'Dependencies flow one way'), kept apart from eslint.config.js so
 * that a test can lint probe files against exactly these zones (eslint/boundaries.test.ts).
 */
import { readdirSync } from 'node:fs';

const foldersIn = (dir) =>
  readdirSync(new URL(dir, new URL('../', import.meta.url)), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Server folders that are neither features, the composition root (app.ts, main.ts) nor below every feature. */
const SERVER_LAYERS_ABOVE_DB = ['plugins', 'jobs', 'mail', 'http', 'security', 'metrics', 'audit'];

/**
 * Feature boundaries (docs/architecture.md): a server feature imports another only through that feature's
 * index.ts, its public face; client features do not import each other at all (pages compose them); client
 * lib/ and components/ sit below the features. Tests and their support files may reach inside.
 */
export function featureZones() {
  const server = foldersIn('./src/server/features');
  const client = foldersIn('./src/client/features');
  const pairs = (features) =>
    features.flatMap((target) =>
      features.filter((other) => other !== target).map((other) => [target, other]),
    );
  return [
    ...pairs(server).map(([target, other]) => ({
      target: `./src/server/features/${target}`,
      from: `./src/server/features/${other}`,
      except: ['./index.ts'],
      message: `Import ${other} through its index.ts (the feature's public face), not its files.`,
    })),
    ...pairs(client).map(([target, other]) => ({
      target: `./src/client/features/${target}`,
      from: `./src/client/features/${other}`,
      message: 'Client features do not import each other; compose them in a page (src/client/routes).',
    })),
    // The server's layers below the features: plugins/, jobs/, mail/, http/ and the rest may use a feature
    // only through its index.ts; db/ and integrations/ sit below every feature and import none.
    ...server.map((feature) => ({
      target: SERVER_LAYERS_ABOVE_DB.map((layer) => `./src/server/${layer}`),
      from: `./src/server/features/${feature}`,
      except: ['./index.ts'],
      message: `Use ${feature} through its index.ts (the feature's public face), not its files.`,
    })),
    {
      target: ['./src/server/db', './src/server/integrations'],
      from: './src/server/features',
      message: 'db/ and integrations/ sit below the features: they import none (the features import them).',
    },
    ...orderRoomZones(),
    {
      target: ['./src/client/lib', './src/client/components'],
      from: ['./src/client/features', './src/client/routes'],
      message: 'client/lib and client/components sit below the features and pages: they import neither.',
    },
  ];
}

/**
 * The rooms of the orders module (docs/architecture.md#the-orders-module) and each room's public files: a
 * room, and the module's root (index.ts, the routes and the order service), use another room only through
 * these. Any other file of a room is its own; lifecycle/order-writes.ts (the generic updateOrder) above all.
 */
const ORDER_ROOMS = {
  placement: ['place-order.ts', 'submit-order.ts', 'reorder.ts', 'order-ids.ts', 'order-emails.ts'],
  lifecycle: [
    'order-transitions.ts',
    'order-records.ts',
    'apply-shopify-facts.ts',
    'shopify-facts.ts',
    'order-status-emails.ts',
    'approval-email.ts',
    'buyer-cancel.ts',
    'prepare-order.ts',
    'prepared-order-answers.ts',
    'prepared-order-deadlines.ts',
    'revise-order.ts',
    'credit-holds.ts',
  ],
  credit: ['credit-reads.ts', 'credit-emails.ts'],
  payments: ['payment-terms.ts', 'payment-notices.ts', 'payment-reminders.ts'],
  documents: ['order-pdf.ts'],
  reads: ['orders.repository.ts', 'order-view.ts', 'staff-order-queries.ts', 'order-scope.ts'],
  // job-support.ts (the Shopify job frame) and address-codes.ts serve companies-shopify too.
  shopify: [
    'shopify-sync.ts',
    'draft-order-definitions.ts',
    'shopify-orders.jobs.ts',
    'job-support.ts',
    'address-codes.ts',
  ],
  rules: ['order-rules.sql.ts'],
};

function orderRoomZones() {
  const orders = './src/server/features/orders';
  const rooms = Object.keys(ORDER_ROOMS);
  const unlisted = foldersIn(orders).filter((folder) => !rooms.includes(folder));
  if (unlisted.length > 0)
    throw new Error(`eslint/boundaries.js ORDER_ROOMS does not list ${unlisted.join(', ')}`);
  return Object.entries(ORDER_ROOMS).map(([room, publicFiles]) => ({
    target: [
      `${orders}/*.ts`,
      ...rooms.filter((other) => other !== room).map((other) => `${orders}/${other}`),
    ],
    from: `${orders}/${room}`,
    except: publicFiles.map((file) => `./${file}`),
    message: `Another room uses orders/${room} only through its public files (${publicFiles.join(', ')}): eslint/boundaries.js ORDER_ROOMS.`,
  }));
}

/** Import boundaries between shared, server and client (docs/architecture.md), enforced rather than hoped for. */
export const boundaries = {
  shared: {
    patterns: [
      {
        group: ['**/server/**', '**/client/**'],
        message: 'src/shared is pure: it imports nothing of server or client.',
      },
      { regex: '^node:', message: 'src/shared runs in the browser too: no Node built-ins.' },
    ],
  },
  client: {
    patterns: [
      { group: ['**/server/**'], message: 'The client never imports server code; share it via src/shared.' },
    ],
  },
  clientFeatures: {
    patterns: [
      { group: ['**/server/**'], message: 'The client never imports server code; share it via src/shared.' },
      {
        regex: '^\\.\\./(?!\\.)[^/]+/',
        message: 'Client features do not import each other; compose them in a page (src/client/routes).',
      },
    ],
  },
};
