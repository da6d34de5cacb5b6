import { z } from 'zod';
import { PARISHES } from '../constants';
import { DELIVERY_STATUSES, DELIVERY_WINDOWS } from '../domain/delivery';
import { PAYMENT_METHODS } from '../domain/billing';
import { formatMoney } from '../domain/money';
import { PICKUP_MSG, SIGNATURE_DATA_URL_PREFIX, SIGNATURE_MAX_BYTES } from './pickups';
import type { ListColumns } from './people';

/**
 * Issue 14, "Delivery". Paths, all under /api:
 *   GET  /delivery-locations                     the courier's delivery areas (list convention; courier admin)
 *   GET  /delivery-locations/active              the active ones, for the request form (customers and staff)
 *   POST /delivery-locations, PUT /delivery-locations/{id}, POST /delivery-locations/{id}/deactivate
 *   GET  /delivery-requests                      list (customers their own; delivery_requests_view)
 *   GET  /delivery-requests/ready-parcels        the customer's parcels that can be delivered
 *   GET  /delivery-requests/drivers              the courier's active staff users (delivery_requests_manage)
 *   GET  /delivery-requests/run-sheet?date=&driverId=   the run sheet PDF
 *   POST /delivery-requests                      a customer's request
 *   GET  /delivery-requests/{id}                 detail with parcels, amounts and history
 *   POST /delivery-requests/{id}/cancel          the customer, while requested
 *   POST /delivery-requests/{id}/schedule|assign|reject|out-for-delivery|deliver|fail   staff
 *   GET  /delivery-requests/{id}/signature       the recipient's signature (PNG)
 *   POST /delivery-requests/{id}/photo           a photo of the delivery (multipart `photo`, JPG/PNG), while out for delivery
 *   GET  /delivery-requests/{id}/photo           that photo
 * Money is integer J$ cents.
 */
export const DELIVERY_MSG = {
  nameRequired: 'Location name is required',
  parishRequired: 'Choose a parish',
  feeInvalid: 'Fee must be zero or more',
  nameTaken: 'A delivery location with this name already exists',
  locationCreated: 'Delivery location created',
  locationUpdated: 'Delivery location updated',
  locationDeactivated: 'Delivery location deactivated',
  locationRequired: 'Choose a delivery location',
  locationInactive: 'This delivery location is not available',
  addressRequired: 'Address is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a valid phone number',
  dateRequired: 'Choose a date',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  datePast: 'The date cannot be in the past',
  packagesRequired: 'Choose at least one parcel',
  packageNotReady: (packageNo: string) => `Parcel ${packageNo} is not ready for pickup`,
  packageOnRequest: (packageNo: string, requestNo: string) => `Parcel ${packageNo} is already on delivery request ${requestNo}`,
  requested: 'Delivery requested',
  cancelled: 'Delivery request cancelled',
  scheduled: 'Delivery scheduled',
  assigned: 'Driver assigned',
  rejected: 'Delivery request rejected',
  outForDelivery: 'Out for delivery',
  delivered: 'Delivery completed',
  failed: 'Delivery marked as failed',
  windowRequired: 'Choose a time window',
  driverRequired: 'Choose a driver',
  driverInvalid: 'Choose an active staff member of this courier',
  driverNeeded: 'Assign a driver before the delivery goes out',
  reasonRequired: 'Give a reason',
  recipientRequired: "Enter the recipient's name",
  proofRequired: "The recipient's signature or a photo is required",
  photoRequired: 'Choose a photo of the delivery',
  photoAdded: 'Photo of the delivery saved',
  photoNotOut: 'A photo can be added only while the delivery is out for delivery',
  collectedInvalid: 'Amount collected must be zero or more',
  collectedTooMuch: (dueCents: number) => `Amount collected cannot be more than the ${formatMoney(dueCents)} due`,
} as const;

const trimmed = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);
/** A calendar day 'YYYY-MM-DD' that exists (not 2026-02-30), within this century. */
const isRealDay = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value && value >= '2000-01-01' && value <= '2099-12-31';
};
export const deliveryDateSchema = z.string({ error: DELIVERY_MSG.dateRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, DELIVERY_MSG.dateInvalid).refine(isRealDay, DELIVERY_MSG.dateInvalid);
const notesSchema = z.string().trim().max(500).nullable().optional().transform((value) => value || null);

// ---------------------------------------------------------------------------------------------
// Locations

export const deliveryLocationFormSchema = z.object({
  name: trimmed(DELIVERY_MSG.nameRequired, 120),
  parish: z.enum(PARISHES, { error: DELIVERY_MSG.parishRequired }),
  feeCents: z.number({ error: DELIVERY_MSG.feeInvalid }).int(DELIVERY_MSG.feeInvalid).min(0, DELIVERY_MSG.feeInvalid).max(100_000_000, DELIVERY_MSG.feeInvalid),
  isActive: z.boolean().optional(),
  notes: notesSchema,
});
export type DeliveryLocationForm = z.input<typeof deliveryLocationFormSchema>;

export const deliveryLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  parish: z.string(),
  feeCents: z.number().int(),
  isActive: z.boolean(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type DeliveryLocation = z.infer<typeof deliveryLocationSchema>;

export const deliveryLocationListColumns = {
  name: { sortable: true, filter: 'text' },
  parish: { sortable: true, filter: 'dropdown' },
  feeCents: { sortable: true, filter: 'number' },
  isActive: { sortable: true, filter: 'dropdown' },
  createdAt: { sortable: true },
} as const satisfies ListColumns;

export const deliveryLocationResponseSchema = z.object({ message: z.string(), location: deliveryLocationSchema });
export const activeDeliveryLocationsSchema = z.object({ locations: z.array(deliveryLocationSchema) });

// ---------------------------------------------------------------------------------------------
// Requests

export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export const deliveryWindowSchema = z.enum(DELIVERY_WINDOWS, { error: DELIVERY_MSG.windowRequired });

export const createDeliveryRequestSchema = z.object({
  packageIds: z.array(z.string().uuid(DELIVERY_MSG.packagesRequired), { error: DELIVERY_MSG.packagesRequired }).min(1, DELIVERY_MSG.packagesRequired).max(50),
  locationId: z.string({ error: DELIVERY_MSG.locationRequired }).uuid(DELIVERY_MSG.locationRequired),
  address: trimmed(DELIVERY_MSG.addressRequired, 300),
  phone: z.string({ error: DELIVERY_MSG.phoneRequired }).trim().min(1, DELIVERY_MSG.phoneRequired).regex(/^\+?[0-9 ()-]{7,20}$/, DELIVERY_MSG.phoneInvalid),
  preferredDate: deliveryDateSchema,
  notes: notesSchema,
});
export type CreateDeliveryRequest = z.input<typeof createDeliveryRequestSchema>;

export const scheduleDeliverySchema = z.object({
  date: deliveryDateSchema,
  window: deliveryWindowSchema,
  driverId: z.string().uuid(DELIVERY_MSG.driverInvalid).nullable().optional(),
});
export type ScheduleDelivery = z.input<typeof scheduleDeliverySchema>;

export const assignDriverSchema = z.object({ driverId: z.string({ error: DELIVERY_MSG.driverRequired }).uuid(DELIVERY_MSG.driverRequired) });
export const deliveryReasonSchema = z.object({ reason: trimmed(DELIVERY_MSG.reasonRequired, 500) });

export const completeDeliverySchema = z.object({
  recipientName: trimmed(DELIVERY_MSG.recipientRequired, 120),
  /** The recipient's signature as the pad draws it (a PNG data URL), as at the pickup counter. */
  signature: z.string().startsWith(SIGNATURE_DATA_URL_PREFIX, PICKUP_MSG.signatureInvalid).max(Math.ceil(SIGNATURE_MAX_BYTES * 4 / 3) + 64, PICKUP_MSG.signatureTooLarge).nullable().optional(),
  /** Cash (or card) taken at the door, recorded as a payment against the customer's open invoices. */
  collectedCents: z.number({ error: DELIVERY_MSG.collectedInvalid }).int(DELIVERY_MSG.collectedInvalid).min(0, DELIVERY_MSG.collectedInvalid).default(0),
  paymentMethod: z.enum(PAYMENT_METHODS).default('cash'),
  note: notesSchema,
});
export type CompleteDelivery = z.input<typeof completeDeliverySchema>;

export const deliveryParcelSchema = z.object({
  id: z.string(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  invoiceNumber: z.string().nullable(),
  /** What is still owed on the parcel's invoice (J$ cents; 0 when paid or not invoiced). */
  balanceCents: z.number().int(),
});
export type DeliveryParcel = z.infer<typeof deliveryParcelSchema>;

export const deliveryEventSchema = z.object({
  id: z.string(),
  fromStatus: deliveryStatusSchema.nullable(),
  toStatus: deliveryStatusSchema,
  note: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});

export const deliveryRequestListItemSchema = z.object({
  id: z.string(),
  requestNumber: z.string(),
  status: deliveryStatusSchema,
  customerId: z.string(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  locationName: z.string(),
  parish: z.string(),
  address: z.string(),
  phone: z.string(),
  preferredDate: z.string(),
  scheduledDate: z.string().nullable(),
  timeWindow: deliveryWindowSchema.nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  packagesCount: z.number().int(),
  feeCents: z.number().int(),
  createdAt: z.string(),
});
export type DeliveryRequestListItem = z.infer<typeof deliveryRequestListItemSchema>;

export const deliveryRequestListColumns = {
  requestNumber: { sortable: true, filter: 'text' },
  status: { sortable: true, filter: 'dropdown' },
  customerName: { sortable: true, filter: 'text' },
  locationName: { sortable: true, filter: 'dropdown' },
  preferredDate: { sortable: true },
  scheduledDate: { sortable: true },
  driverName: { sortable: true, filter: 'text' },
  feeCents: { sortable: true, filter: 'number' },
  createdAt: { sortable: true },
} as const satisfies ListColumns;

export const deliveryRequestSchema = deliveryRequestListItemSchema.extend({
  notes: z.string().nullable(),
  stopOrder: z.number().int().nullable(),
  /** The invoice the delivery fee was added to; null while pending (every parcel's invoice had payments). */
  feeInvoiceNumber: z.string().nullable(),
  /** Balance due on the parcels' invoices, J$ cents: what the driver collects. */
  amountDueCents: z.number().int(),
  recipientName: z.string().nullable(),
  hasSignature: z.boolean(),
  hasPhoto: z.boolean(),
  failureReason: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  paymentNumber: z.string().nullable(),
  collectedCents: z.number().int(),
  deliveredAt: z.string().nullable(),
  parcels: z.array(deliveryParcelSchema),
  history: z.array(deliveryEventSchema),
});
export type DeliveryRequest = z.infer<typeof deliveryRequestSchema>;
export const deliveryRequestResponseSchema = z.object({ message: z.string(), request: deliveryRequestSchema });

export const readyParcelsSchema = z.object({ parcels: z.array(deliveryParcelSchema) });
export const deliveryDriversSchema = z.object({ drivers: z.array(z.object({ id: z.string(), name: z.string() })) });
export const runSheetQuerySchema = z.object({ date: deliveryDateSchema, driverId: z.string().uuid(DELIVERY_MSG.driverRequired).optional() });
