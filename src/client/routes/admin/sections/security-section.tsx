import { TwoFactorPanel } from '../../../features/admin-security/two-factor-panel';

/** The 'Security' section of the admin dashboard (docs/admin.md#security). Rendered by the dashboard shell. */
export function SecuritySection() {
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">Security</h2>
        <p className="text-muted-foreground">How your administrator account is protected at sign-in.</p>
      </header>
      <TwoFactorPanel />
    </div>
  );
}
