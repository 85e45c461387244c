/** The 'Variant Management' section of the admin dashboard (spec 001 §2). Rendered by the dashboard shell. */
export function VariantsSection() {
  return <p className="text-muted-foreground">Variant Management is being built.</p>;
}
