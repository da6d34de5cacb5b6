import { randomInt } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { App } from '../app';
import { PACKING_PATHS, type PackingCustomer } from '@parceldesk/shared/schemas/packing-system';

/**
 * A packing system (Tasoko/KCD-like warehouse) as ../shared/integrations/packing-systems.md
 * describes it: it pulls the courier's customers (every page), assigns each parcel it receives
 * from that list (a UserCode it does not know makes the parcel unknown), pushes add / update /
 * delete events with its own PackageID and house number (ControlNumber), and pushes manifests
 * with bags (CollectionCodes) and parcels (PackageAWBs). It speaks only HTTP, with its key.
 */
/** What the double reads of an answer: the same shape whether it came by inject or by real HTTP. */
export interface PackingReply {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  json: <T = any>() => T; // eslint-disable-line @typescript-eslint/no-explicit-any -- as light-my-request types it
}

interface PackingRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Record<string, string>;
  payload?: unknown;
}

/**
 * How the double reaches ParcelDesk: the app in process (API tests) or a running server's base URL
 * (the browser test), where it calls over HTTP as a real warehouse does.
 */
export type PackingTarget = App | { baseUrl: string };

async function overHttp(baseUrl: string, token: string, request: PackingRequest): Promise<PackingReply> {
  const url = new URL(request.url, baseUrl);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method: request.method,
    headers: { authorization: `Bearer ${token}`, ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }) },
    body: request.payload === undefined ? undefined : JSON.stringify(request.payload),
  });
  const text = await response.text();
  const headers: PackingReply['headers'] = {};
  response.headers.forEach((value, name) => { headers[name] = value; });
  return { statusCode: response.status, headers, json: () => JSON.parse(text) };
}

export class PackingSystemDouble {
  readonly directory = new Map<string, PackingCustomer>();
  private house = randomInt(1_000_000, 9_000_000);
  private clock = Date.parse('2026-11-20T13:00:00Z');

  constructor(private readonly target: PackingTarget, private readonly token: string) {}

  private send(request: PackingRequest): Promise<PackingReply> {
    if ('baseUrl' in this.target) return overHttp(this.target.baseUrl, this.token, request);
    const options: InjectOptions = { ...request, payload: request.payload as InjectOptions['payload'], headers: { authorization: `Bearer ${this.token}` } };
    return this.target.inject(options);
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
      const response = await this.send({ method: 'GET', url: PACKING_PATHS.customers, query: { limit: String(limit), ...(after ? { after } : {}) } });
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
    return this.send({ method: 'POST', url: PACKING_PATHS.packages, payload: { APIToken: 'as-the-contract-sends-it', Package: parcel } });
  }

  update(parcel: Record<string, unknown>) {
    return this.send({ method: 'PUT', url: `${PACKING_PATHS.packages}/${encodeURIComponent(String(parcel.PackageID))}`, payload: { Package: parcel } });
  }

  delete(packageId: string) {
    return this.send({ method: 'DELETE', url: `${PACKING_PATHS.packages}/${encodeURIComponent(packageId)}` });
  }

  manifest(manifest: Record<string, unknown>, parcels: string[], extra: { CollectionCodes?: string[]; RemoveFromManifest?: string[] } = {}) {
    return this.send({
      method: 'POST', url: PACKING_PATHS.manifests,
      payload: { CollectionCodes: extra.CollectionCodes ?? ['EP0004960LB'], PackageAWBs: parcels, RemoveFromManifest: extra.RemoveFromManifest ?? [], Manifest: manifest },
    });
  }
}
