-- The buyer's own purchase-order number, typed on the review page and kept on the order (issue 20,
-- docs/orders.md#what-an-order-stores). Optional: orders placed before it have none.
ALTER TABLE "orders" ADD COLUMN "po_number" text;