import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { PackageClaim, PackageDetail, PackageListItem, PreAlert, UnknownPackageListItem } from '@parceldesk/shared/schemas/packages';

/** Rows and users the package screen tests share (what the API would answer). */
export const listItem: PackageListItem = {
  id: 'p1', packageNumber: 'ISL-P-0000042', trackingNumber: '1Z999AA10123456784', carrier: 'ups', status: 'received',
  customerId: 'k1', customerName: 'Tanya Campbell', mailboxNumber: 'ISL-000001', service: 'air', branchId: 'b1', branchName: 'Half Way Tree',
  shipper: 'Amazon', description: 'Shoes', weight: 3.25, chargeableWeight: 4, pieces: 1, receivedAt: '2026-11-20T14:00:00.000Z',
  courierId: 'c1', courierName: 'Island Express', updatedAt: '2026-11-20T14:00:00.000Z',
};

export const detail: PackageDetail = {
  ...listItem,
  declaredValue: 59.99, length: 12, width: 10, height: 8, volumetricWeight: 5.79, volumetricDivisor: 166, location: 'A-12', notes: null,
  labelName: null, labelMailbox: null, externalPackageId: null, externalControlNumber: null, preAlertId: 'a1', unknownFee: null, isEditable: true,
  events: [
    { id: 'e1', kind: 'received', status: 'received', label: 'Received', customerLabel: 'Received', note: 'Box dented', location: 'Miami warehouse', by: 'Sam Staff', at: '2026-11-20T14:00:00.000Z' },
  ],
  files: [{ id: 'f1', kind: 'invoice', fileName: 'invoice.pdf', contentType: 'application/pdf', size: 2048, url: '/api/pre-alerts/a1/invoice', createdAt: '2026-11-19T10:00:00.000Z' }],
  allowedStatuses: ['manifested', 'on_hold', 'missing', 'returned'],
};

export const preAlert: PreAlert = {
  id: 'a1', trackingNumber: '1Z999AA10123456784', carrier: 'ups', store: 'Amazon', description: 'Shoes', declaredValue: 59.99, service: 'air',
  status: 'pending', packageId: null, packageNumber: null, invoice: null,
  customer: { id: 'k1', name: 'Tanya Campbell', mailboxNumber: 'ISL-000001' }, courierId: 'c1',
  createdAt: '2026-11-19T10:00:00.000Z', updatedAt: '2026-11-19T10:00:00.000Z',
};

export const unknownItem: UnknownPackageListItem = {
  id: 'p9', packageNumber: 'ISL-P-0000050', trackingNumber: 'TBA123456789012', carrier: 'amazon', labelName: 'T Campbel', labelMailbox: 'ISL-00001',
  shipper: 'Amazon', weight: 1.5, branchName: 'Half Way Tree', receivedAt: '2026-11-21T09:00:00.000Z', pendingClaims: 1, courierId: 'c1', courierName: 'Island Express',
};

export const claim: PackageClaim = {
  id: 'cl1', trackingNumber: 'TBA123456789012', status: 'pending', note: 'My sneakers', decisionReason: null, decidedAt: null,
  packageId: 'p9', packageNumber: 'ISL-P-0000050', proof: { id: 'f9', kind: 'claim_proof', fileName: 'order.png', contentType: 'image/png', size: 1000, url: '/api/package-files/f9', createdAt: '2026-11-21T10:00:00.000Z' },
  customer: { id: 'k1', name: 'Tanya Campbell', mailboxNumber: 'ISL-000001' }, courierId: 'c1', createdAt: '2026-11-21T10:00:00.000Z',
};

const courier = { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null };

export function staffUser(role: 'courier_admin' | 'staff' | 'super_admin', permissions: string[] = [], branch: AuthUser['branch'] = null): AuthUser {
  return {
    id: 'u1', first_name: 'Sam', last_name: 'Staff', email: 'sam@example.com', role: { name: role, permissions: [] }, permissions,
    user_type: role === 'courier_admin' ? 'admin' : role === 'super_admin' ? 'super_admin' : 'staff', courier, branch,
  };
}

export const EMPTY_LIST = { data: [], total: 0, page: 1, pageSize: 10, filterOptions: {} };
export const listOf = <T,>(rows: T[]) => ({ data: rows, total: rows.length, page: 1, pageSize: 10, filterOptions: {} });
