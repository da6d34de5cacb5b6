import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  branches, notifications, processingFees, roles, shippingRates, storedFiles, ticketAttachments, ticketMessages, tickets, courierCounters, packages, preAlerts, packageClaims, packageFiles, manifests,
  invoices, invoicePackages, invoiceLines, paymentAllocations, paymentProofs, payments,
  pickups, pickupPackages, emailBatches, emailBatchRecipients, deliveryLocations, deliveryRequests, deliveryRequestPackages,
  webhookDeliveries, webhookEndpoints, webhookEvents,
  integrationKeys, packingSystemParcels,
} from '../../db/schema/index';
import type { TenantKind } from '@parceldesk/shared/access';
import { makeCustomer, makeUser, unique, type TestCourier } from '../factories';

/** The kinds the matrix can make a row of; a kind missing here fails the matrix, naming it. */
export type RowKind = Exclude<TenantKind, 'courier' | 'api_key' | 'self'>;
export type RowIds = Record<RowKind, string>;

export interface RowOwner {
  courier: TestCourier;
  /** The staff-side user a user-owned row (a notification) belongs to. */
  userId: string;
  /** The customer a customer-owned row (a ticket) belongs to. */
  customerId: string;
  fileKind?: 'logo' | 'rate_sheet';
  /** A notification of the customer instead of the user. */
  notifyCustomer?: boolean;
}

/** A 1×1 GIF; a rate sheet is a tiny PDF. */
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n');

async function insertTicket(db: Database, owner: RowOwner) {
  // Numbered like the app numbers them (TKT-000123 from the courier's counter), so no clash later;
  // each courier's counter starts somewhere else, so one courier's number is not also another's.
  const [counter] = await db.insert(courierCounters).values({ courierId: owner.courier.id, kind: 'ticket', lastNo: randomInt(1, 900_000) })
    .onConflictDoUpdate({ target: [courierCounters.courierId, courierCounters.kind], set: { lastNo: sql`${courierCounters.lastNo} + 1` } })
    .returning({ lastNo: courierCounters.lastNo });
  const [ticket] = await db.insert(tickets).values({
    courierId: owner.courier.id, ticketNo: `TKT-${String(counter!.lastNo).padStart(6, '0')}`, subject: 'Matrix ticket', department: 'General',
    customerId: owner.customerId, lastCustomerMessageAt: new Date(),
  }).returning();
  const [message] = await db.insert(ticketMessages).values({
    courierId: owner.courier.id, ticketId: ticket!.id, authorType: 'customer', customerId: owner.customerId, body: 'Where is my parcel?',
  }).returning();
  return { ticket: ticket!, message: message! };
}

/** A switched-off endpoint (nothing is ever sent to it); its secret is not a real box token. */
async function insertWebhookEndpoint(db: Database, owner: RowOwner) {
  const [row] = await db.insert(webhookEndpoints).values({
    courierId: owner.courier.id, url: 'https://hooks.example.com/parceldesk', events: ['invoice.issued'], secret: 'v1.matrix', isActive: false,
  }).returning();
  return row!;
}

/** A package of the owner's customer (received), or an unknown one; numbered from the courier's counter. */
async function insertPackage(db: Database, owner: RowOwner, status: 'received' | 'unknown' = 'received') {
  const [counter] = await db.insert(courierCounters).values({ courierId: owner.courier.id, kind: 'package', lastNo: randomInt(1, 900_000) })
    .onConflictDoUpdate({ target: [courierCounters.courierId, courierCounters.kind], set: { lastNo: sql`${courierCounters.lastNo} + 1` } })
    .returning({ lastNo: courierCounters.lastNo });
  const [row] = await db.insert(packages).values({
    courierId: owner.courier.id, packageNo: `MX-P-${String(counter!.lastNo).padStart(7, '0')}`, trackingNumber: `MATRIX${randomInt(1, 2 ** 40)}`,
    carrier: 'other', status, customerId: status === 'unknown' ? null : owner.customerId, weight: 2.5, volumetricDivisor: 166, chargeableWeight: 3,
    // The pickup branch is the customer's, as receiving sets it (branch scope follows it, decision 008).
    branchId: status === 'unknown' ? null : sql`(select branch_id from customers where id = ${owner.customerId})`,
  }).returning();
  return row!;
}

async function insertPreAlert(db: Database, owner: RowOwner) {
  const [row] = await db.insert(preAlerts).values({
    courierId: owner.courier.id, customerId: owner.customerId, trackingNumber: `PREALERT${randomInt(1, 2 ** 40)}`, carrier: 'other', store: 'Matrix Store',
    description: 'Shoes', declaredValueCents: 2500,
  }).returning();
  return row!;
}

async function insertStoredFile(db: Database, owner: RowOwner) {
  const [row] = await db.insert(storedFiles).values({
    courierId: owner.courier.id, kind: 'package_document', fileName: 'invoice.pdf', contentType: 'application/pdf', sizeBytes: PDF.length, data: PDF,
  }).returning();
  return row!;
}

async function nextMatrixNumber(db: Database, courierId: string, kind: string) {
  const [counter] = await db.insert(courierCounters).values({ courierId, kind, lastNo: randomInt(1, 900_000) })
    .onConflictDoUpdate({ target: [courierCounters.courierId, courierCounters.kind], set: { lastNo: sql`${courierCounters.lastNo} + 1` } })
    .returning({ lastNo: courierCounters.lastNo });
  return String(counter!.lastNo).padStart(6, '0');
}

/** An unpaid J$1,000.00 invoice (partly paid when `paidCents`) of the owner's customer for a package of theirs, numbered from the courier's counter. */
async function insertInvoice(db: Database, owner: RowOwner, paidCents = 0) {
  const pkg = await insertPackage(db, owner);
  const [row] = await db.insert(invoices).values({
    courierId: owner.courier.id, customerId: owner.customerId, invoiceNo: `INV-${await nextMatrixNumber(db, owner.courier.id, 'invoice')}`,
    status: paidCents > 0 ? 'partially_paid' : 'unpaid', subtotalCents: 100_000, totalCents: 100_000, paidCents, pricingSnapshot: { matrix: true },
  }).returning();
  await db.insert(invoicePackages).values({ invoiceId: row!.id, packageId: pkg.id, courierId: owner.courier.id });
  await db.insert(invoiceLines).values({ courierId: owner.courier.id, invoiceId: row!.id, position: 0, code: 'freight', description: 'Freight AIR 3 lb', amountCents: 100_000, packageId: pkg.id });
  await db.update(packages).set({ invoiceId: row!.id }).where(sql`${packages.id} = ${pkg.id}`);
  return row!;
}

/** A J$400.00 cash payment on a J$1,000.00 invoice of the owner's customer. */
async function insertPayment(db: Database, owner: RowOwner) {
  const invoice = await insertInvoice(db, owner, 40_000);
  const [payment] = await db.insert(payments).values({
    courierId: owner.courier.id, customerId: owner.customerId, paymentNo: `RCT-${await nextMatrixNumber(db, owner.courier.id, 'payment')}`, method: 'cash', amountCents: 40_000,
  }).returning();
  await db.insert(paymentAllocations).values({ courierId: owner.courier.id, paymentId: payment!.id, invoiceId: invoice.id, amountCents: 40_000 });
  return payment!;
}

/** Inserts one row of `kind` in the owner's courier and returns what a route names it by. */
export async function insertRow(db: Database, kind: TenantKind, owner: RowOwner): Promise<string> {
  const courierId = owner.courier.id;
  switch (kind) {
    case 'branch': {
      const [row] = await db.insert(branches).values({ courierId, name: unique('Branch') }).returning();
      return row!.id;
    }
    case 'packing_parcel': {
      const pkg = await insertPackage(db, owner);
      const externalId = `matrix-pkg-${randomInt(1, 2 ** 40)}`;
      await db.insert(packingSystemParcels).values({ courierId, externalId, packageId: pkg.id, contentHash: 'matrix', pushedAt: new Date(), lastPayload: {} });
      return externalId;
    }
    case 'integration_key': {
      const [row] = await db.insert(integrationKeys).values({
        courierId, name: unique('Matrix key'), prefix: 'pdk_matrix', tokenHash: `matrix-${randomInt(1, 2 ** 40)}-${randomInt(1, 2 ** 40)}`, scopes: ['packages:read'],
      }).returning();
      return row!.id;
    }
    case 'role': {
      const [row] = await db.insert(roles).values({ courierId, name: unique('Role'), permissions: ['dashboard_view'] }).returning();
      return row!.id;
    }
    case 'user':
      return (await makeUser(db, { role: 'staff', courier: owner.courier })).id;
    case 'customer':
      return (await makeCustomer(db, owner.courier, { accountType: 'business', businessName: 'Matrix Business Ltd', title: null })).id;
    case 'shipping_rate': {
      const lbs = randomInt(1, 9_999_999) / 100;
      const [row] = await db.insert(shippingRates).values({ courierId, weight: `${lbs}lbs`, weightLbs: lbs, cost: 12.5 }).returning();
      return row!.id;
    }
    case 'processing_fee': {
      const min = randomInt(1, 100_000);
      const [row] = await db.insert(processingFees).values({ courierId, weightRange: `${min}lbs to ${min + 1}lbs`, minLbs: min, maxLbs: min + 1, fee: 3 }).returning();
      return row!.id;
    }
    case 'file': {
      const isLogo = (owner.fileKind ?? 'logo') === 'logo';
      const data = isLogo ? GIF : PDF;
      const [row] = await db.insert(storedFiles).values({
        courierId, kind: owner.fileKind ?? 'logo', fileName: isLogo ? 'logo.gif' : 'rates.pdf', contentType: isLogo ? 'image/gif' : 'application/pdf', sizeBytes: data.length, data,
      }).returning();
      return row!.id;
    }
    case 'ticket':
      return (await insertTicket(db, owner)).ticket.id;
    case 'ticket_no':
      return (await insertTicket(db, owner)).ticket.ticketNo;
    case 'ticket_attachment': {
      const { ticket, message } = await insertTicket(db, owner);
      const [row] = await db.insert(ticketAttachments).values({
        courierId, ticketId: ticket.id, messageId: message.id, fileName: 'photo.gif', contentType: 'image/gif', sizeBytes: GIF.length, data: GIF,
      }).returning();
      return row!.id;
    }
    case 'notification': {
      const recipient = owner.notifyCustomer ? { customerId: owner.customerId } : { userId: owner.userId };
      const [row] = await db.insert(notifications).values({ courierId, ...recipient, type: 'ticket.created', title: 'Matrix', body: 'A notification' }).returning();
      return row!.id;
    }
    case 'package':
      return (await insertPackage(db, owner)).id;
    case 'tracking_number':
      return (await insertPackage(db, owner)).trackingNumber;
    case 'pre_alert':
      return (await insertPreAlert(db, owner)).id;
    case 'package_claim': {
      const pkg = await insertPackage(db, owner, 'unknown');
      const [row] = await db.insert(packageClaims).values({ courierId, customerId: owner.customerId, packageId: pkg.id, trackingNumber: pkg.trackingNumber }).returning();
      return row!.id;
    }
    case 'package_file': {
      const pkg = await insertPackage(db, owner);
      const stored = await insertStoredFile(db, owner);
      const [row] = await db.insert(packageFiles).values({ courierId, kind: 'invoice', storedFileId: stored.id, packageId: pkg.id }).returning();
      return row!.id;
    }
    case 'pickup': {
      const pkg = await insertPackage(db, owner);
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
      const [signature] = await db.insert(storedFiles).values({
        courierId, kind: 'pickup_signature', fileName: 'signature.png', contentType: 'image/png', sizeBytes: png.length, data: png,
      }).returning();
      const letter = await insertStoredFile(db, owner);
      // An authorised person's pickup, so its letter can be fetched too.
      const [row] = await db.insert(pickups).values({
        courierId, pickupNo: `PU-M${randomInt(1, 2 ** 40)}`, customerId: owner.customerId, collectorKind: 'authorised', collectorName: 'Matrix Collector',
        collectorIdType: 'passport', collectorIdNumber: 'P123', collectorRelationship: 'Brother', authorisationLetterFileId: letter.id, signatureFileId: signature!.id,
      }).returning();
      await db.insert(pickupPackages).values({ pickupId: row!.id, packageId: pkg.id, courierId });
      return row!.id;
    }
    case 'delivery_location': {
      const [row] = await db.insert(deliveryLocations).values({ courierId, name: `Matrix area ${randomInt(1, 2 ** 40)}`, parish: 'Kingston', feeCents: 100_000 }).returning();
      return row!.id;
    }
    case 'delivery_request': {
      // A delivered request with its signature and photo (so those routes have one to serve); the other
      // routes answer 409 to its status, which is not an access answer.
      const pkg = await insertPackage(db, owner);
      await db.update(packages).set({ status: 'delivered' }).where(sql`${packages.id} = ${pkg.id}`);
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
      const [signature] = await db.insert(storedFiles).values({
        courierId, kind: 'delivery_signature', fileName: 'signature.png', contentType: 'image/png', sizeBytes: png.length, data: png,
      }).returning();
      const [photo] = await db.insert(storedFiles).values({
        courierId, kind: 'delivery_photo', fileName: 'door.png', contentType: 'image/png', sizeBytes: png.length, data: png,
      }).returning();
      const [location] = await db.insert(deliveryLocations).values({ courierId, name: `Matrix area ${randomInt(1, 2 ** 40)}`, parish: 'Kingston', feeCents: 100_000 }).returning();
      const [row] = await db.insert(deliveryRequests).values({
        courierId, requestNo: `DR-M${randomInt(1, 2 ** 40)}`, customerId: owner.customerId, locationId: location!.id, address: '1 Matrix Road', phone: '876-555-0199',
        preferredDate: '2030-01-01', feeCents: 100_000, status: 'delivered', scheduledDate: '2030-01-01', timeWindow: 'morning',
        recipientName: 'Matrix Recipient', deliveredAt: new Date(), signatureFileId: signature!.id, photoFileId: photo!.id,
      }).returning();
      await db.insert(deliveryRequestPackages).values({ requestId: row!.id, packageId: pkg.id, courierId, live: false });
      return row!.id;
    }
    case 'email_batch': {
      // A batch with its one recipient, so its detail and recipients list answer with rows.
      const [row] = await db.insert(emailBatches).values({
        courierId, batchNo: `EB-M${randomInt(1, 2 ** 40)}`, subject: 'Matrix batch', body: 'Hello {{firstName}}', audience: { kind: 'all' },
        audienceLabel: 'All customers', recipientCount: 1, createdByName: 'Matrix Admin',
      }).returning();
      await db.insert(emailBatchRecipients).values({ batchId: row!.id, courierId, customerId: owner.customerId, email: 'matrix@example.test' });
      return row!.id;
    }
    case 'manifest': {
      // An open air manifest numbered outside the app's range (the app's counter starts at 1).
      const [row] = await db.insert(manifests).values({
        courierId, number: `AIR-MX-${randomInt(1, 2 ** 40)}`, service: 'air', carrier: 'Matrix Air', origin: 'MIA', destination: 'KIN',
      }).returning();
      return row!.id;
    }
    case 'invoice_no':
      return (await insertInvoice(db, owner)).invoiceNo;
    case 'payment':
      return (await insertPayment(db, owner)).id;
    case 'payment_proof': {
      const invoice = await insertInvoice(db, owner);
      const stored = await insertStoredFile(db, owner);
      const [row] = await db.insert(paymentProofs).values({
        courierId, invoiceId: invoice.id, customerId: owner.customerId, storedFileId: stored.id, amountCents: 10_000, reference: 'NCB-MATRIX',
      }).returning();
      return row!.id;
    }
    case 'webhook_endpoint':
      return (await insertWebhookEndpoint(db, owner)).id;
    case 'webhook_delivery': {
      // A delivered one, so the courier admin's resend answers 200.
      const endpoint = await insertWebhookEndpoint(db, owner);
      const [event] = await db.insert(webhookEvents).values({ courierId, type: 'invoice.issued', data: { invoiceNumber: 'INV-MATRIX' } }).returning();
      const [row] = await db.insert(webhookDeliveries).values({
        courierId, endpointId: endpoint.id, eventId: event!.id, status: 'delivered', attempts: 1, lastStatusCode: 200, enqueuedGeneration: 1,
      }).returning();
      return row!.id;
    }
    default:
      throw new Error(`The access matrix has no fixture for tenancy kind '${String(kind)}': add it to insertRow in apps/api/src/test/access-matrix/fixture-rows.ts`);
  }
}
