import { z } from 'zod';

/**
 * Issue 17, the packing-system contract (../shared/integrations/packing-systems.md, "Packing API
 * Requirements" v2.0): field names are the packing system's own. Our paths (ADR 024) name the
 * contract's events; the key goes in `Authorization: Bearer pdk_…` (the body's APIToken, when a
 * warehouse sends one, is not an authentication path).
 */
export const PACKING_PATHS = {
  customers: '/api/packing/v2/customers',
  packages: '/api/packing/v2/packages',
  manifests: '/api/packing/v2/manifests',
} as const;

/** Package and manifest status codes of the contract. */
export const PACKING_STATUS_LABELS = {
  0: 'AT WAREHOUSE', 1: 'DELIVERED TO AIRPORT', 2: 'IN TRANSIT TO LOCAL PORT', 3: 'AT LOCAL PORT', 4: 'AT LOCAL SORTING',
} as const;

export const PACKING_MSG = {
  userCodeNotFound: 'UserCode not found: the parcel is kept as an unknown package until it is claimed',
  duplicateTracking: 'Another parcel of this courier already has this TrackingNumber',
  stale: 'Ignored: an update newer than this one was already applied',
  repeat: 'Already applied: this push repeats one already received',
  deleted: 'This parcel was deleted by the warehouse',
  movedOn: 'Refused: this parcel has already moved on (manifested, invoiced or further) and keeps its history; remove it from the manifest first',
  parcelNotFound: 'No parcel with this PackageID was pushed to this courier',
  manifestClosed: 'Parcels cannot be added to or removed from this manifest any more: it has left the warehouse',
  awbKept: (number: string, status: string, awb: string, problem: string) =>
    `Manifest ${number}: ${status}. Warning: AWBNumber "${awb}" is not a valid master air waybill (${problem}); it is kept in the manifest notes and the MAWB must be completed on manifest ${number} before it can be closed`,
  mawbBeforeClose: (number: string, awb: string | null, problem: string | null) =>
    `Manifest ${number} cannot move past At warehouse: it has no valid master air waybill (MAWB)${awb && problem ? `; AWBNumber "${awb}" failed the check (${problem})` : ''}. Complete the MAWB on manifest ${number}, then push the status again`,
} as const;

const text = z.preprocess((v) => (v === null || v === undefined ? undefined : String(v)), z.string().trim().max(500).optional());
const num = z.preprocess((v) => (v === null || v === '' || v === undefined ? undefined : v), z.coerce.number().finite().min(0).max(1_000_000).optional());
const flag = z.preprocess((v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v), z.boolean().optional());
const status = z.preprocess((v) => (v === null || v === '' || v === undefined ? undefined : v), z.coerce.number().int().min(0).max(4).optional());

/** The contract's package object (every field the document lists; unknown extra fields are ignored). */
export const packingPackageSchema = z.object({
  PackageID: z.preprocess((v) => (v === null || v === undefined ? v : String(v)), z.string({ error: 'PackageID is required' }).trim().min(1, 'PackageID is required').max(100)),
  CourierID: text, ManifestID: text, CollectionID: text,
  TrackingNumber: text,
  ControlNumber: text,
  FirstName: text, LastName: text, UserCode: text,
  Weight: num, Shipper: text, EntryStaff: text, EntryDate: text, EntryDateTime: text, Branch: text,
  Claimed: flag, ManifestCode: text, CollectionCode: text, Description: text, HSCode: text,
  Unknown: flag, AIProcessed: flag, OriginalHouseNumber: text,
  Cubes: num, Length: num, Width: num, Height: num, Pieces: num,
  Discrepancy: flag, DiscrepancyDescription: text,
  ServiceTypeID: text, HazmatCodeID: text, Coloaded: flag, ColoadIndicator: text,
  PackageStatus: status,
  PackagePayments: z.unknown().optional(),
  /** ADR 024: when the warehouse changed the parcel (ISO 8601); falls back to EntryDateTime. Orders updates. */
  UpdatedDateTime: text,
});
export type PackingPackage = z.output<typeof packingPackageSchema>;

/** An add, update or delete event: the API token (ignored, see above) and the package object. */
export const packingPackageEventSchema = z.object({ APIToken: z.string().optional(), Package: packingPackageSchema });
export type PackingPackageEvent = z.output<typeof packingPackageEventSchema>;

export const packingPackageParamsSchema = z.object({ packageId: z.string().trim().min(1).max(100) });

export const PACKING_RESULTS = ['created', 'updated', 'unchanged', 'stale', 'deleted', 'claimed'] as const;
export const packingPackageAnswerSchema = z.object({
  Result: z.enum(PACKING_RESULTS),
  PackageID: z.string(),
  /** Our package number (e.g. IEX-P-0000123). */
  HouseNumber: z.string().nullable(),
  Unknown: z.boolean(),
  message: z.string(),
  code: z.string().optional(),
});
export type PackingPackageAnswer = z.infer<typeof packingPackageAnswerSchema>;

/** The manifest event: bags (CollectionCodes), the parcels on it (PackageAWBs) and the manifest object. */
export const packingManifestEventSchema = z.object({
  APIToken: z.string().optional(),
  CollectionCodes: z.array(z.string().trim().max(100)).max(5000).default([]),
  PackageAWBs: z.array(z.string().trim().max(100)).max(5000).default([]),
  /** The variant that removes parcels from a manifest. */
  RemoveFromManifest: z.array(z.string().trim().max(100)).max(5000).default([]),
  Manifest: z.object({
    ManifestID: z.preprocess((v) => (v === null || v === undefined ? v : String(v)), z.string({ error: 'Manifest.ManifestID is required' }).trim().min(1, 'Manifest.ManifestID is required').max(100)),
    CourierID: text,
    ServiceTypeID: text,
    ManifestStatus: status,
    ManifestCode: text,
    FlightDate: text,
    Weight: num,
    ItemCount: num,
    ManifestNumber: text,
    StaffName: text,
    EntryDate: text,
    EntryDateTime: text,
    AWBNumber: text,
    UpdatedDateTime: text,
  }),
});
export type PackingManifestEvent = z.output<typeof packingManifestEventSchema>;

export const packingManifestAnswerSchema = z.object({
  Result: z.enum(['created', 'updated', 'unchanged', 'stale']),
  ManifestID: z.string(),
  /** Our manifest number (AIR-2026-0042). */
  ManifestNumber: z.string(),
  ManifestStatus: z.number().int(),
  Added: z.array(z.string()),
  Removed: z.array(z.string()),
  /** PackageAWBs that name no parcel of this courier, or one that cannot be loaded (with why). */
  NotLoaded: z.array(z.object({ AWB: z.string(), reason: z.string() })),
  message: z.string(),
});
export type PackingManifestAnswer = z.infer<typeof packingManifestAnswerSchema>;

/** The customer directory the warehouse pulls (the contract's fields), keyset-paginated (ADR 024). */
export const packingCustomerSchema = z.object({
  UserCode: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Branch: z.string(),
  CustomerServiceTypeID: z.string(),
  CustomerLevelInstructions: z.string(),
  CourierServiceTypeID: z.string(),
  CourierLevelInstructions: z.string(),
});
export const packingCustomerListSchema = z.array(packingCustomerSchema);
export type PackingCustomer = z.infer<typeof packingCustomerSchema>;

export const PACKING_PAGE_MAX = 1000;
export const packingCustomerQuerySchema = z.object({
  /** The last UserCode of the previous page (the `X-Next-After` header); absent for the first. */
  after: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(PACKING_PAGE_MAX).default(500),
});
