/**
 * Issue 17: what an API key may do. A route that admits keys names the one scope it needs
 * (`apiScope` of its `Access`); a key without it is refused with 403 `api_key.scope_missing`.
 */
export const API_SCOPES = ['warehouse:push', 'customers:read', 'packages:read', 'manifests:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'warehouse:push': 'Packing system: push parcels and manifests',
  'customers:read': 'Read the customer directory',
  'packages:read': 'Read packages',
  'manifests:read': 'Read manifests',
};

/** Every key token starts with this, so the server tells a key from a session token without a lookup. */
export const API_KEY_TOKEN_PREFIX = 'pdk_';

/** Stable codes of refused key calls (ADR 024). */
export const API_KEY_ERRORS = {
  invalid: 'api_key.invalid',
  revoked: 'api_key.revoked',
  scopeMissing: 'api_key.scope_missing',
  notAllowed: 'api_key.route_not_open_to_keys',
} as const;
