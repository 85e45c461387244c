/** The 'Pricing Management' section of the admin dashboard (spec 001 §2). Rendered by the dashboard shell. */
export function PricingSection() {
  return <p className="text-muted-foreground">Pricing Management is being built.</p>;
}
