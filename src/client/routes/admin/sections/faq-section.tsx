/** The 'FAQ Management' section of the admin dashboard (spec 001 §2). Rendered by the dashboard shell. */
export function FaqSection() {
  return <p className="text-muted-foreground">FAQ Management is being built.</p>;
}
