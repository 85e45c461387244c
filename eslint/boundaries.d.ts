// Types of boundaries.js (plain JavaScript because eslint.config.js loads it without a TypeScript step).
export interface RestrictedZone {
  target: string | string[];
  from: string | string[];
  except?: string[];
  message: string;
}
export function featureZones(): RestrictedZone[];
export const boundaries: Record<'shared' | 'client' | 'clientFeatures', { patterns: object[] }>;
