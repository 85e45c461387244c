import { useQuery } from '@tanstack/react-query';
import { POLICY_PAGES, type PolicyKind } from '../../../shared/policy-pages';
import { ListState } from '../../components/admin/list-state';
import { useStoreConfig } from '../../lib/store-config';
import { adminPoliciesQueryOptions } from './admin-policy-queries';
import { PolicyEditor } from './policy-editor';

/**
 * The Policies section's content (docs/admin.md#policies): an editor for the Terms & Conditions and one for
 * the Privacy Policy, each keeping its own unsaved changes.
 */
export function PoliciesManagement() {
  const policies = useQuery(adminPoliciesQueryOptions);
  const { data: config } = useStoreConfig();
  const list = policies.data ?? [];

  /** The address the footer links to instead of the portal's page, when the server sets one. */
  const linkedElsewhere = (kind: PolicyKind) => {
    const url = kind === 'terms' ? config?.termsUrl : config?.privacyUrl;
    return url && url !== POLICY_PAGES[kind].path ? url : null;
  };

  return (
    <ListState
      query={policies}
      isEmpty={list.length === 0}
      loadingText="Loading policies..."
      emptyText="No policies found"
      emptyHint="The portal writes the starter Terms & Conditions and Privacy Policy when it starts."
      errorPrefix="Failed to load policies: "
    >
      <div className="space-y-6">
        {list.map((policy) => (
          <PolicyEditor key={policy.kind} policy={policy} linkedElsewhere={linkedElsewhere(policy.kind)} />
        ))}
      </div>
    </ListState>
  );
}
