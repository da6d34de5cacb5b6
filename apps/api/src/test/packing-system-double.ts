import { randomInt } from 'node:crypto';
import type { App } from '../app';
import { PACKING_PATHS, type PackingCustomer } from '@parceldesk/shared/schemas/packing-system';

/**
 * A packing system (Tasoko/KCD-like warehouse) as ../shared/integrations/packing-systems.md
 * describes it: it pulls the courier's customers (every page), assigns each parcel it receives
 * from that list (a UserCode it does not know makes the parcel unknown), pushes add / update /
 * delete events with its own PackageID and house number (ControlNumber), and pushes manifests
 * with bags (CollectionCodes) and parcels (PackageAWBs). It speaks only HTTP, with its key.
 */
export class PackingSystemDouble {
  readonly directory = new Map<string, PackingCustomer>();
  private house = randomInt(1_000_000, 9_000_000);
  private clock = Date.parse('2026-11-20T13:00:00Z');

  constructor(private readonly app: App, private readonly token: string) {}

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** A later moment on the warehouse's clock (each change of a parcel is stamped with one). */
  tick(): string {
    this.clock += 60_000;
    return new Date(this.clock).toISOString();
  }

  async pullCustomers(limit = 500): Promise<{ pages: number; statusCodes: number[] }> {
    let after: string | undefined;
    let pages = 0;
    const statusCodes: number[] = [];
    for (;;) {
      const response = await this.app.inject({ method: 'GET', url: PACKING_PATHS.customers, query: { limit: String(limit), ...(after ? { after } : {}) }, headers: this.headers });
      statusCodes.push(response.statusCode);
      if (response.statusCode !== 200) return { pages, statusCodes };
      pages += 1;
      for (const customer of response.json<PackingCustomer[]>()) this.directory.set(customer.UserCode, customer);
      const next = response.headers['x-next-after'];
      if (typeof next !== 'string') return { pages, statusCodes };
      after = next;
    }
  }

  /** A parcel as the warehouse records it on receipt, for the customer of this UserCode (or an unknown one). */
  receive(userCode: string | null, overrides: Record<string, unknown> = {}) {
    const customer = userCode ? this.directory.get(userCode) : undefined;
    this.house += 1;
    const stamp = this.tick();
    return {
      PackageID: `pkg-${randomInt(1, 2 ** 40)}`,
      CourierID: 'courier-in-warehouse',
      TrackingNumber: `1Z${String(randomInt(1, 2 ** 47)).padStart(16, '0')}`,
      ControlNumber: `EP${String(this.house).padStart(7, '0')}`,
      FirstName: customer?.FirstName ?? 'Unknown', LastName: customer?.LastName ?? 'Consignee',
      UserCode: userCode ?? '',
      Weight: 3.4, Length: 12, Width: 10, Height: 6, Pieces: 1, Cubes: 0.42,
      Shipper: 'Amazon', Description: 'Kitchen scale', HSCode: '8423.10', HazmatCodeID: '', EntryStaff: 'Miami clerk',
      EntryDate: stamp.slice(0, 10), EntryDateTime: stamp, Branch: customer?.Branch ?? '',
      Claimed: false, Unknown: !customer, AIProcessed: false, Discrepancy: false, DiscrepancyDescription: '',
      ServiceTypeID: 'AIR STANDARD', Coloaded: false, ColoadIndicator: '', PackageStatus: 0, PackagePayments: [],
      ...overrides,
    };
  }

  add(parcel: Record<string, unknown>) {
    return this.app.inject({ method: 'POST', url: PACKING_PATHS.packages, headers: this.headers, payload: { APIToken: 'as-the-contract-sends-it', Package: parcel } });
  }

  update(parcel: Record<string, unknown>) {
    return this.app.inject({ method: 'PUT', url: `${PACKING_PATHS.packages}/${encodeURIComponent(String(parcel.PackageID))}`, headers: this.headers, payload: { Package: parcel } });
  }

  delete(packageId: string) {
    return this.app.inject({ method: 'DELETE', url: `${PACKING_PATHS.packages}/${encodeURIComponent(packageId)}`, headers: this.headers });
  }

  manifest(manifest: Record<string, unknown>, parcels: string[], extra: { CollectionCodes?: string[]; RemoveFromManifest?: string[] } = {}) {
    return this.app.inject({
      method: 'POST', url: PACKING_PATHS.manifests, headers: this.headers,
      payload: { CollectionCodes: extra.CollectionCodes ?? ['EP0004960LB'], PackageAWBs: parcels, RemoveFromManifest: extra.RemoveFromManifest ?? [], Manifest: manifest },
    });
  }
}
