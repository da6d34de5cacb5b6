import { z } from 'zod';
import { API_SCOPES } from '../api-scopes';
import { SERVICES } from './packages';

/** Issue 17, Settings → Integrations (courier admin): API keys and the packing-system connection. */
export const INTEGRATIONS_MSG = {
  nameRequired: 'Please enter a name for the key',
  scopesRequired: 'Choose at least one scope',
  keyCreated: 'API key created. Copy it now: it will not be shown again.',
  keyRevoked: 'API key revoked',
  alreadyRevoked: 'This key is already revoked',
  connectionSaved: 'Packing system connection saved',
  keyRequired: 'Choose the API key the packing system uses',
  keyNeedsPushScope: 'The key needs the warehouse:push and customers:read scopes',
  keyRevokedForConnection: 'That key is revoked; create a new one',
} as const;

export const apiScopeSchema = z.enum(API_SCOPES);

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, INTEGRATIONS_MSG.nameRequired).max(80),
  scopes: z.array(apiScopeSchema).min(1, INTEGRATIONS_MSG.scopesRequired).max(API_SCOPES.length),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the token (`pdk_ab12cd34`), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The one answer that carries the token: shown once, never again. */
export const apiKeyCreatedSchema = z.object({ key: apiKeySchema, token: z.string(), message: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyRevokedSchema = z.object({ key: apiKeySchema, message: z.string() });

/** The packing system's service types (its ServiceTypeID names), mapped to our services. */
export const PACKING_SERVICE_TYPES = ['AIR STANDARD', 'AIR EXPRESS', 'AIR PREMIUM', 'SEA STANDARD'] as const;
export type PackingServiceType = (typeof PACKING_SERVICE_TYPES)[number];
export const serviceMapSchema = z.object({
  'AIR STANDARD': z.enum(SERVICES),
  'AIR EXPRESS': z.enum(SERVICES),
  'AIR PREMIUM': z.enum(SERVICES),
  'SEA STANDARD': z.enum(SERVICES),
});
export type ServiceMap = z.infer<typeof serviceMapSchema>;
export const DEFAULT_SERVICE_MAP: ServiceMap = { 'AIR STANDARD': 'air', 'AIR EXPRESS': 'air', 'AIR PREMIUM': 'air', 'SEA STANDARD': 'sea' };

/** Contracts a connection can speak: the packing-system profile of ../shared/integrations/packing-systems.md. */
export const PACKING_PROFILES = ['packing_v2'] as const;
export const PACKING_PROFILE_LABELS: Record<(typeof PACKING_PROFILES)[number], string> = {
  packing_v2: 'Packing system (Tasoko / KCD "Packing API" v2)',
};

export const packingConnectionInputSchema = z.object({
  profile: z.enum(PACKING_PROFILES),
  keyId: z.string().uuid(INTEGRATIONS_MSG.keyRequired),
  serviceMap: serviceMapSchema,
});
export type PackingConnectionInput = z.infer<typeof packingConnectionInputSchema>;

export const packingConnectionSchema = z.object({
  connection: z.object({
    profile: z.enum(PACKING_PROFILES),
    keyId: z.string().nullable(),
    keyName: z.string().nullable(),
    keyPrefix: z.string().nullable(),
    serviceMap: serviceMapSchema,
    updatedAt: z.string(),
    /** The endpoints the packing system is given, relative to the site (ADR 024). */
    endpoints: z.object({ customers: z.string(), packages: z.string(), manifests: z.string() }),
  }).nullable(),
});
export type PackingConnection = z.infer<typeof packingConnectionSchema>;
export const packingConnectionSavedSchema = packingConnectionSchema.extend({ message: z.string() });
