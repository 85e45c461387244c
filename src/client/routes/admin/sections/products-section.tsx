/** The 'Product Management' section of the admin dashboard (spec 001 §2). Rendered by the dashboard shell. */
export function ProductsSection() {
  return <p className="text-muted-foreground">Product Management is being built.</p>;
}
