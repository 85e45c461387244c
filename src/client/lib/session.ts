/**
 * Whether a customer is signed in. There is no session API yet, so everyone is a visitor for now.
 * The accounts work replaces the body with GET /api/user (`requestJson(..., { nullOn401: true })`, spec 000 §7)
 * and keeps this signature, so the pages that ask need no change.
 */
export function useIsSignedIn(): boolean {
  return false;
}
