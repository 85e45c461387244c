/** The 'User Management' section of the admin dashboard (spec 001 §2). Rendered by the dashboard shell. */
export function UsersSection() {
  return <p className="text-muted-foreground">User Management is being built.</p>;
}
