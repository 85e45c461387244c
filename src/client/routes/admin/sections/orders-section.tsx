/** The 'Order Management' section of the admin dashboard (spec 001 §2). Rendered by the dashboard shell. */
export function OrdersSection() {
  return <p className="text-muted-foreground">Order Management is being built.</p>;
}
