/** The 'Pending User Approvals' section of the admin dashboard (spec 001 §2). Rendered by the dashboard shell. */
export function PendingUsersSection() {
  return <p className="text-muted-foreground">Pending User Approvals is being built.</p>;
}
