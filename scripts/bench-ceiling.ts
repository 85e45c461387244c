/**
 * The raw ceiling of `npm run bench` (issue 15): what this machine can do for an order, an order-history
 * page and an order's detail with no framework at all — `node:http`, the driver (`pg`, or PGlite in this
 * process) and one statement each. It writes exactly what the portal writes for an order (the portal's own
 * WRITE_ORDER statement: catalogue version check, key with its answer, order, lines, two e-mail jobs) and
 * reads what the portal reads, so `portal / ceiling` is what Fastify, the session, validation, pricing and
 * serialisation cost on top of the database's own work.
 *
 * It answers with the headers every portal API answer carries (the security headers, a request id,
 * no-store), as the bare server of bench.ts replays the portal's headers: they are part of the answer.
 * It skips, on purpose, what the ceiling need not prove: sessions come from memory (read once at start, as
 * the portal's session cache would), prices are each product's wholesale price (no tiers), and the e-mails
 * are template strings of the portal's e-mails' size. Started by bench-orders.ts with `fork`; never part of
 * the product.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  ORDER_ID_BLOCK,
  WRITE_ORDER,
  writeOrderParams,
  type OrderWrite,
} from '../src/server/features/orders/reads/orders.repository';
import { createRequestIds } from '../src/server/http/request-id';
import { SECURITY_HEADERS } from '../src/server/plugins/security-headers';
import { LOOPBACK } from './bench-support';

export type CeilingDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
export type CeilingRequest = { type: 'serve'; database: CeilingDatabase; cookieName: string };
export type CeilingReply = { type: 'listening'; port: number } | { type: 'failed'; message: string };

interface Statement {
  name: string;
  text: string;
}
type Run = <Row>(statement: Statement, params: unknown[]) => Promise<Row[]>;

async function connect(database: CeilingDatabase): Promise<Run> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    return async <Row>(statement: Statement, params: unknown[]) =>
      (await pool.query({ name: statement.name, text: statement.text, values: params })).rows as Row[];
  }
  const client = new PGlite({ dataDir: database.dataDir });
  await client.waitReady;
  return async <Row>(statement: Statement, params: unknown[]) =>
    (await client.query<Row>(statement.text, params)).rows;
}

/**
 * What the portal's reads return (orders.repository.ts prepareOrderReads: the columns its answers show, the
 * lines as one JSON array), written by hand, sent as the rows come.
 */
const ITEMS = `coalesce((select json_agg(json_build_object('id', i.id, 'orderId', i.order_id,
  'productId', i.product_id, 'quantity', i.quantity, 'price', i.price::text, 'name', i.name, 'sku', i.sku,
  'product', case when p.id is null then null else json_build_object('name', p.name, 'sku', p.sku,
  'imageUrl', p.image_url, 'shopifyVariantId', p.shopify_variant_id, 'caseSize', p.case_size,
  'isTester', p.is_tester, 'isVirtual', p.is_virtual) end) order by i.id)
  from order_items i left join products p on p.id = i.product_id where i.order_id = o.id), '[]'::json) as items`;
const SUMMARY = `o.id, o.status, o.payment_status as "paymentStatus", o.created_at as "createdAt",
  o.updated_at as "updatedAt", o.shopify_order_id as "shopifyOrderId", o.customer_name as "customerName",
  o.customer_email as "customerEmail", o.customer_phone as "customerPhone", o.business_name as "businessName",
  o.notes, o.total_cases as "totalCases", o.order_total::text as "orderTotal"`;
const DETAIL_EXTRA = `o.standard_total::text as "standardTotal", o.discount_percentage::text as "discountPercentage",
  o.shipping_address as "shippingAddress", o.shipping_address_line1 as "shippingAddressLine1",
  o.shipping_address_line2 as "shippingAddressLine2", o.shipping_city as "shippingCity",
  o.shipping_state as "shippingState", o.shipping_zip as "shippingZip", o.shipping_country as "shippingCountry",
  o.shopify_checkout_url as "invoiceUrl", o.tracking_number as "trackingNumber", o.tracking_url as "trackingUrl",
  o.tracking_company as "trackingCompany", o.approved_at as "approvedAt", o.invoice_sent_at as "invoiceSentAt",
  o.paid_at as "paidAt", o.shipped_at as "shippedAt", o.delivered_at as "deliveredAt",
  o.cancelled_at as "cancelledAt"`;
const HISTORY: Statement = {
  name: 'ceiling_history',
  text: `select ${SUMMARY}, ${ITEMS}, count(*) over () as total from orders o where o.user_id = $1
    order by o.created_at desc, o.id desc limit $2 offset $3`,
};
const DETAIL: Statement = {
  name: 'ceiling_detail',
  text: `select ${SUMMARY}, ${DETAIL_EXTRA}, ${ITEMS} from orders o where o.id = $1 and o.user_id = $2`,
};

/**
 * What every API answer of the portal carries (security-headers.ts, and app.ts's no-store), so both sides
 * put the same header bytes on the wire and the load generator parses as much for each: about 700 of them.
 */
const API_HEADERS = { ...SECURITY_HEADERS, 'cache-control': 'no-store' };
const requestId = createRequestIds();

interface Customer {
  id: number;
  email: string;
  companyId: number | null;
  locationId: number | null;
}

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/**
 * An e-mail of the portal's order e-mails' size (about 1.1 to 1.4 KB as JSON for the bench's cart): the
 * same paragraphs, as text and as HTML, written with template strings instead of the portal's composer.
 */
function emailPayload(to: string, orderNumber: string, orderId: number, lines: string[]) {
  const paragraphs = [
    'Hello Bench,',
    `Thank you for your order ${orderNumber}. It has been submitted for approval; no payment has been taken.`,
    `View your order: http://localhost/orders/${orderId}`,
    ...lines,
    'Our team reviews orders within 1-2 business days. Once your order is approved you will receive a payment link by e-mail.',
    'Questions? Contact us at support@example.com.',
    'Dew Mist Wholesale',
  ];
  return {
    to,
    subject: `Dew Mist Wholesale: Order ${orderNumber} submitted for approval`,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html><body>${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('')}</body></html>`,
  };
}

async function serve(request: CeilingRequest): Promise<number> {
  const run = await connect(request.database);
  const sessions = new Map<string, Customer>(
    (
      await run<{
        tokenHash: string;
        id: number;
        email: string;
        companyId: number | null;
        locationId: number | null;
      }>(
        {
          name: 'ceiling_sessions',
          text: `select s.token_hash as "tokenHash", u.id, u.email, u.company_id as "companyId", l.id as "locationId"
                 from sessions s join users u on u.id = s.user_id
                 left join company_locations l on l.company_id = u.company_id and l.is_default`,
        },
        [],
      )
    ).map((row) => [
      row.tokenHash,
      { id: row.id, email: row.email, companyId: row.companyId, locationId: row.locationId },
    ]),
  );
  const prices = new Map(
    (
      await run<{ id: number; cents: number; name: string; sku: string }>(
        {
          name: 'ceiling_prices',
          text: 'select id, (coalesce(wholesale_price, price) * 100)::int as cents, name, sku from products',
        },
        [],
      )
    ).map((row) => [row.id, row]),
  );
  const [version] = await run<{ version: number }>(
    { name: 'ceiling_version', text: 'select version::int as version from catalog_version' },
    [],
  );
  const freeIds: number[] = [];
  const nextId = async () => {
    if (freeIds.length === 0)
      freeIds.push(...(await run<{ id: number }>(ORDER_ID_BLOCK, [32])).map((row) => row.id));
    return freeIds.shift() ?? 0;
  };
  const cookiePattern = new RegExp(`(?:^|;\\s*)${request.cookieName}=([^;]+)`);
  const customerOf = (incoming: http.IncomingMessage) => {
    const token = cookiePattern.exec(incoming.headers.cookie ?? '')?.[1];
    return token ? sessions.get(createHash('sha256').update(token).digest('hex')) : undefined;
  };

  const placeOrder = async (customer: Customer, key: string, body: string) => {
    const order = JSON.parse(body) as {
      customer: { customerName: string; customerEmail: string; businessName: string };
      orderItems: Array<{ productId: number; quantity: number }>;
    };
    const id = await nextId();
    const items = order.orderItems.map((line) => {
      const product = prices.get(line.productId);
      if (!product) throw new Error(`unknown product ${line.productId}`);
      return {
        productId: line.productId,
        quantity: line.quantity,
        price: product.cents,
        name: product.name,
        sku: product.sku,
      };
    });
    const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    const orderNumber = `WO-${id}`;
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const described = [
      ...items.map(
        (item) =>
          `${item.name}: ${item.quantity / 12} cases (${item.quantity} bottles) × ${dollars(item.price)} per bottle = ${dollars(item.price * item.quantity)}`,
      ),
      `Order total: ${dollars(total)} (shipping free)`,
    ];
    const response = {
      success: true,
      error: null,
      orderName: orderNumber,
      orderId: id,
      invoiceUrl: null,
      testMode: true,
    };
    const write: OrderWrite = {
      catalogVersion: version?.version ?? 0,
      key: {
        userId: customer.id,
        key,
        requestHash: createHash('sha256').update(body).digest('hex'),
        expiresAt: new Date(Date.now() + 3 * 86_400_000),
        response: { status: 201, body: response },
      },
      order: {
        id,
        userId: customer.id,
        companyId: customer.companyId,
        locationId: customer.locationId,
        customerName: order.customer.customerName,
        customerEmail: order.customer.customerEmail,
        customerPhone: null,
        businessName: order.customer.businessName,
        notes: null,
        poNumber: null,
        paymentTerms: 'on_approval',
        shippingAddress: null,
        shippingAddressLine1: null,
        shippingAddressLine2: null,
        shippingCity: null,
        shippingState: null,
        shippingZip: null,
        shippingCountry: 'US',
        totalCases: 3,
        standardTotal: total,
        orderTotal: total,
        tierId: null,
        discountPercentage: 0,
        testMode: true,
        shopifySyncStatus: 'not_required',
      },
      items,
      // The customer's submission limit is the portal's to count: the ceiling's statement counts nothing.
      limit: null,
      jobs: [
        {
          type: 'email.send',
          payload: emailPayload(customer.email, orderNumber, id, described),
          dedupeKey: `order-submitted:${id}`,
        },
        {
          type: 'email.send',
          payload: emailPayload('staff@example.com', orderNumber, id, described),
          dedupeKey: `order-submitted-staff:${id}`,
        },
      ],
    };
    const [result] = await run<{ current: boolean }>(WRITE_ORDER, writeOrderParams(write));
    if (!result?.current) throw new Error('catalogue changed under the ceiling');
    return response;
  };

  const server = http.createServer((incoming, outgoing) => {
    const answer = (status: number, body: unknown) => {
      const json = JSON.stringify(body);
      outgoing
        .writeHead(status, {
          ...API_HEADERS,
          'x-request-id': requestId(),
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(json),
        })
        .end(json);
    };
    const handle = async () => {
      const customer = customerOf(incoming);
      const url = new URL(incoming.url ?? '/', 'http://ceiling');
      const body = await readBody(incoming);
      if (!customer) return answer(401, { code: 'UNAUTHENTICATED' });
      if (incoming.method === 'POST' && url.pathname === '/api/create-draft-order') {
        return answer(201, await placeOrder(customer, String(incoming.headers['idempotency-key']), body));
      }
      if (incoming.method === 'GET' && url.pathname === '/api/orders') {
        const limit = Number(url.searchParams.get('limit') ?? 5);
        const page = Number(url.searchParams.get('page') ?? 1);
        const rows = await run<{ total: string }>(HISTORY, [customer.id, limit, (page - 1) * limit]);
        const total = Number(rows[0]?.total ?? 0);
        return answer(200, { orders: rows, totalPages: Math.ceil(total / limit), page, total });
      }
      const detail = /^\/api\/orders\/(\d+)$/.exec(url.pathname);
      if (incoming.method === 'GET' && detail) {
        const [order] = await run<{ items: unknown }>(DETAIL, [Number(detail[1]), customer.id]);
        return order ? answer(200, { order, items: order.items }) : answer(404, { code: 'NOT_FOUND' });
      }
      return answer(404, { code: 'NOT_FOUND' });
    };
    handle().catch((error: unknown) => answer(500, { code: 'INTERNAL', message: String(error) }));
  });
  return new Promise((resolve) => {
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

// The parent going away, even killed, closes the IPC channel: never outlive it.
process.once('disconnect', () => process.exit(0));
process.once('message', (request: CeilingRequest) => {
  serve(request).then(
    (port) => process.send?.({ type: 'listening', port } satisfies CeilingReply),
    (error: unknown) => process.send?.({ type: 'failed', message: String(error) } satisfies CeilingReply),
  );
});
