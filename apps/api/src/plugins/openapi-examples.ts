import { API_KEY_ERRORS } from '@parceldesk/shared/api-scopes';
import { MSG } from '@parceldesk/shared/messages';
import { PACKING_MSG } from '@parceldesk/shared/schemas/packing-system';
import { WEBHOOK_MSG } from '@parceldesk/shared/schemas/webhooks';

/**
 * The one home of the request and answer examples the OpenAPI document shows integrators (issue 17,
 * "OpenAPI with examples"), keyed by operation as the document names it (`POST /api/packing/v2/packages`).
 * `enrichOpenApi` puts them on the operations; openapi-examples.test.ts fails when an operation an
 * API key can reach has none, and parses every example with the route's own zod schema, so an
 * example cannot drift from what the server accepts and answers. Named examples (OpenAPI
 * `examples`), one per case an integrator meets: a 201 example is a creation, not a repeat.
 */
export interface NamedExample { summary: string; value: unknown }
export interface OperationExamples {
  /** Query parameter → example value (GET operations). */
  query?: Record<string, string>;
  request?: Record<string, NamedExample>;
  /** Status → examples of that answer. */
  responses: Record<string, Record<string, NamedExample>>;
}

const courierId = '2b7c4e1a-5d3f-4a8b-9c6e-0f1a2b3c4d5e';
const customerId = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
const packageId = '7d9e1f2a-8b3c-4d5e-9f60-718293a4b5c6';
const branchId = '8e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

/** A parcel as the warehouse pushes it (the packing-system contract's field names). */
const pushedParcel = {
  PackageID: '884213', CourierID: 'IEX', TrackingNumber: '1Z999AA10123456784', ControlNumber: 'EP0096513',
  FirstName: 'Ana', LastName: 'Brown', UserCode: 'IEX10042', Weight: 3.4, Length: 12, Width: 10, Height: 6, Pieces: 1, Cubes: 0.42,
  Shipper: 'Amazon', Description: 'Kitchen scale', HSCode: '8423.10', HazmatCodeID: '', EntryStaff: 'Miami clerk',
  EntryDate: '2026-11-20', EntryDateTime: '2026-11-20T13:01:00Z', Branch: 'Kingston', Claimed: false, Unknown: false,
  AIProcessed: false, Discrepancy: false, DiscrepancyDescription: '', ServiceTypeID: 'AIR STANDARD', Coloaded: false,
  ColoadIndicator: '', PackageStatus: 0, PackagePayments: [],
};
const parcelAnswer = (Result: string, message: string, extra: Record<string, unknown> = {}) => ({
  Result, PackageID: '884213', HouseNumber: 'IEX-P-0000123', Unknown: false, message, ...extra,
});

const userCodeNotFound = (Result: string): NamedExample => ({
  summary: 'The UserCode is not ours: the contract\'s 404, but the parcel is kept as an unknown package',
  value: { ...parcelAnswer(Result, PACKING_MSG.userCodeNotFound, { code: 'packing.user_code_not_found' }), Unknown: true },
});

const packageItem = {
  id: packageId, packageNumber: 'IEX-P-0000123', trackingNumber: '1Z999AA10123456784',
  carrier: 'ups', status: 'received', customerId, customerName: 'Ana Brown', mailboxNumber: 'IEX10042', service: 'air',
  branchId, branchName: 'Kingston', shipper: 'Amazon', description: 'Kitchen scale', weight: 3.4, chargeableWeight: 4,
  pieces: 1, receivedAt: '2026-11-20T13:02:11.000Z', courierId, courierName: 'Island Express', updatedAt: '2026-11-20T13:02:11.000Z',
};
const packageDetail = {
  ...packageItem,
  declaredValue: 45.99, length: 12, width: 10, height: 6, volumetricWeight: 4, volumetricDivisor: 166, location: 'Miami shelf B4',
  notes: null, labelName: 'ANA BROWN', labelMailbox: 'IEX10042', externalPackageId: '884213', externalControlNumber: 'EP0096513',
  preAlertId: null, unknownFee: null, isEditable: true,
  events: [{
    id: 'e1a2b3c4-d5e6-4f70-8a9b-0c1d2e3f4a5b', kind: 'received', status: 'received', label: 'Received at Miami warehouse',
    customerLabel: 'Received at our Miami warehouse', note: 'Pushed by the packing system', location: 'Miami', by: 'API key Tasoko (pdk_Qm3xV8rT)',
    at: '2026-11-20T13:02:11.000Z',
  }],
  files: [], allowedStatuses: [],
};

const webhookEndpoint = {
  id: '0f8e2c4a-6b1d-4c8e-9a3f-2d5b7e9c1a40', url: 'https://erp.example.com/parceldesk/webhooks', description: 'Accounting system',
  events: ['invoice.issued', 'payment.recorded'], isActive: true, createdAt: '2026-11-25T14:00:00.000Z', pendingCount: 0, failedCount: 0,
};

export const OPERATION_EXAMPLES: Record<string, OperationExamples> = {
  'GET /api/packing/v2/customers': {
    query: { after: 'IEX10041', limit: '500' },
    responses: {
      200: {
        page: {
          summary: 'A page of the directory; the next page\'s `after` is in the X-Next-After header (absent on the last page)',
          value: [
            { UserCode: 'IEX10042', FirstName: 'Ana', LastName: 'Brown', Branch: 'Kingston', CustomerServiceTypeID: '', CustomerLevelInstructions: '', CourierServiceTypeID: '', CourierLevelInstructions: '' },
            { UserCode: 'IEX10043', FirstName: 'Delroy', LastName: 'Campbell', Branch: 'Montego Bay', CustomerServiceTypeID: '', CustomerLevelInstructions: '', CourierServiceTypeID: '', CourierLevelInstructions: '' },
          ],
        },
      },
    },
  },
  'POST /api/packing/v2/packages': {
    request: {
      known: { summary: 'A parcel for a customer of the directory', value: { APIToken: 'as-the-contract-sends-it', Package: pushedParcel } },
      unknown: {
        summary: 'A parcel whose consignee the warehouse could not match',
        value: { Package: { ...pushedParcel, PackageID: '884214', TrackingNumber: '9400111899223197428490', ControlNumber: 'EP0096514', FirstName: 'Unknown', LastName: 'Consignee', UserCode: '', Unknown: true } },
      },
    },
    responses: {
      201: {
        created: { summary: 'Received for the customer of the UserCode', value: parcelAnswer('created', 'Parcel received') },
        unknown: { summary: 'Received as an unknown package', value: { ...parcelAnswer('created', 'Parcel received as unknown'), PackageID: '884214', HouseNumber: 'IEX-P-0000124', Unknown: true } },
      },
      200: { repeat: { summary: 'The same push again: applied once, nothing written', value: parcelAnswer('unchanged', PACKING_MSG.repeat, { code: 'packing.repeat' }) } },
      404: { userCodeNotFound: userCodeNotFound('created') },
    },
  },
  'PUT /api/packing/v2/packages/{packageId}': {
    request: {
      reweighed: {
        summary: 'The warehouse re-weighed the parcel (UpdatedDateTime orders updates)',
        value: { Package: { ...pushedParcel, Weight: 3.9, Discrepancy: true, DiscrepancyDescription: 'Weight differs from invoice', UpdatedDateTime: '2026-11-20T15:30:00Z' } },
      },
      claimed: {
        summary: 'An unknown parcel claimed at the warehouse, now with its customer\'s UserCode',
        value: { Package: { ...pushedParcel, PackageID: '884214', UserCode: 'IEX10042', Claimed: true, Unknown: false, UpdatedDateTime: '2026-11-21T09:00:00Z' } },
      },
    },
    responses: {
      200: {
        updated: { summary: 'Applied', value: parcelAnswer('updated', 'Parcel updated') },
        claimed: { summary: 'An unknown parcel claimed by its customer', value: { ...parcelAnswer('claimed', 'Parcel claimed by its customer'), PackageID: '884214', HouseNumber: 'IEX-P-0000124' } },
        stale: { summary: 'Older than the last update applied: ignored', value: parcelAnswer('stale', PACKING_MSG.stale, { code: 'packing.stale' }) },
      },
      201: { created: { summary: 'An update of a parcel never added creates it', value: parcelAnswer('created', 'Parcel received') } },
      404: { userCodeNotFound: userCodeNotFound('updated') },
    },
  },
  'DELETE /api/packing/v2/packages/{packageId}': {
    responses: {
      200: { deleted: { summary: 'Still only received: our package is put on hold, its history kept', value: { ...parcelAnswer('deleted', 'Parcel deleted: our package is on hold with its history') } } },
    },
  },
  'POST /api/packing/v2/manifests': {
    request: {
      manifest: {
        summary: 'A manifest at the warehouse with its bags and parcels',
        value: {
          APIToken: 'as-the-contract-sends-it', CollectionCodes: ['EP0004960LB'], PackageAWBs: ['EP0096513', 'EP0096515'], RemoveFromManifest: [],
          Manifest: {
            ManifestID: '51207', CourierID: 'IEX', ServiceTypeID: 'AIR STANDARD', ManifestStatus: 0, ManifestCode: 'DC-2026-11-20-1012',
            FlightDate: '2026-11-21', Weight: 7.3, ItemCount: 2, ManifestNumber: '1012', StaffName: 'Miami clerk',
            EntryDate: '2026-11-20', EntryDateTime: '2026-11-20T18:00:00Z', AWBNumber: '001-12345675',
          },
        },
      },
    },
    responses: {
      201: {
        created: {
          summary: 'Created: the parcels named are loaded (our package ids); one not ours is listed with why',
          value: {
            Result: 'created', ManifestID: '51207', ManifestNumber: 'AIR-2026-0042', ManifestStatus: 0, Added: [packageId], Removed: [],
            NotLoaded: [{ AWB: 'EP0096515', reason: 'No parcel of this courier has this number' }], message: 'Manifest AIR-2026-0042: Open',
          },
        },
      },
      200: {
        updated: {
          summary: 'The same manifest pushed again with a parcel taken off',
          value: { Result: 'updated', ManifestID: '51207', ManifestNumber: 'AIR-2026-0042', ManifestStatus: 0, Added: [], Removed: [packageId], NotLoaded: [], message: 'Manifest AIR-2026-0042: Open' },
        },
      },
    },
  },
  'GET /api/packages': {
    query: { page: '1', pageSize: '25', sort: 'receivedAt', order: 'desc', filters: '{"status":["received","manifested"]}' },
    responses: {
      200: { page: { summary: 'The first page of the courier\'s received and manifested packages', value: { data: [packageItem], total: 1, page: 1, pageSize: 25, filterOptions: { status: [{ label: 'Received', value: 'received' }] } } } },
    },
  },
  'GET /api/packages/{id}': {
    responses: { 200: { package: { summary: 'A package pushed by the packing system, with its timeline', value: packageDetail } } },
  },
  'POST /api/settings/webhooks': {
    request: { endpoint: { summary: 'Subscribe an accounting system to invoices and payments', value: { url: webhookEndpoint.url, description: webhookEndpoint.description, events: webhookEndpoint.events } } },
    responses: {
      201: { created: { summary: 'The signing secret is in this answer only', value: { data: webhookEndpoint, secret: 'whsec_Jd8v0mN3qT6yB1xK4rW7zC2fH5gL9pS0aE3uI6oY8tQ', message: WEBHOOK_MSG.created } } },
    },
  },
};

/**
 * The common error body `{ message, fieldErrors?, code? }`, one example per status, for every
 * operation; operations open to API keys also show the key refusals.
 */
export function errorExamples(status: string, isKeyOperation: boolean): Record<string, NamedExample> {
  switch (status) {
    case '400': return { invalidField: { summary: 'A field is invalid', value: { message: 'PackageID is required', fieldErrors: { 'Package.PackageID': 'PackageID is required' } } } };
    case '401': return {
      session: { summary: 'No valid session', value: { message: MSG.sessionExpired } },
      ...(isKeyOperation ? { invalidKey: { summary: 'Unknown API key', value: { message: 'Invalid API key', code: API_KEY_ERRORS.invalid } } } : {}),
    };
    case '403': return isKeyOperation
      ? { scopeMissing: { summary: 'The key lacks the scope', value: { message: 'This API key lacks the packages:read scope', code: API_KEY_ERRORS.scopeMissing } } }
      : { forbidden: { summary: 'Role or permission missing', value: { message: MSG.forbidden } } };
    case '404': return { notFound: { summary: 'Not found, or another courier\'s', value: { message: MSG.notFound } } };
    case '409': return { conflict: { summary: 'A business rule refused', value: { message: PACKING_MSG.movedOn, code: 'packing.parcel_moved_on' } } };
    case '429': return { tooMany: { summary: 'Over a rate limit (see Retry-After)', value: { message: MSG.tooManyAttempts } } };
    default: return {};
  }
}
