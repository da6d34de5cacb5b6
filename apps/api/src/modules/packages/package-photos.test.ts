import { eq } from 'drizzle-orm';
import { Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanCustomer } from '@parceldesk/shared/schemas/package-scan';
import { PACKAGE_MSG, type PackageDetail, type PackageFile, type ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import { users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeUser, signIn } from '../../test/factories';
import { multipart, SAMPLE } from '../../test/multipart';
import { packageWorld, upsNumber, type PackageWorld } from './package-test-kit';

let t: TestApp;
let w: PackageWorld;
let otherAdmin: Record<string, string>;
/** A real 40 × 30 PNG. */
let small: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  w = await packageWorld(t.app, t.database.db);
  const other = await makeCourier(t.database.db);
  small = await new Jimp({ width: 40, height: 30, color: 0xcc9933ff }).getBuffer('image/png');
  otherAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier: other }))).headers;
});
afterAll(() => t.close());

/** A staff account holding exactly these permissions (no built-in role behind it). */
async function staffWith(permissions: string[]) {
  const user = await makeUser(t.database.db, { role: 'staff', courier: w.courier, permissions });
  await t.database.db.update(users).set({ roleId: null }).where(eq(users.id, user.id));
  return (await signIn(t.app, user)).headers;
}

async function received(payload: Record<string, unknown>): Promise<PackageDetail> {
  const response = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { weight: 2, ...payload } });
  expect(response.statusCode).toBe(201);
  return response.json<ReceivePackageResponse>().package;
}

const upload = (packageId: string, headers: Record<string, string>, fileName: string, data: Buffer, contentType = 'image/jpeg') => {
  const body = multipart({}, [{ field: 'photo', fileName, data, contentType }]);
  return t.app.inject({ method: 'POST', url: `/api/packages/${packageId}/photos`, headers: { ...headers, ...body.headers }, payload: body.payload });
};
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const image = (width: number, height: number, mime: 'image/png' | 'image/jpeg') => new Jimp({ width, height, color: 0x3366ccff }).getBuffer(mime);
const photosOf = async (packageId: string) => (await get(`/api/packages/${packageId}`, w.as.admin)).json<PackageDetail>().files.filter((f) => f.kind === 'photo');

describe('package photos', () => {
  it('a real PNG and JPEG are accepted, resized to 1600 px on the long side in their own format, and listed on the package', async () => {
    const pkg = await received({ trackingNumber: upsNumber(), customerId: w.tanya.id });
    const png = await upload(pkg.id, w.as.clerk, 'shelf.png', await image(2400, 1200, 'image/png'), 'image/png');
    expect(png.statusCode).toBe(201);
    expect(png.json<PackageFile>()).toMatchObject({ kind: 'photo', fileName: 'shelf.png', contentType: 'image/png' });
    const jpeg = await upload(pkg.id, w.as.admin, 'IMG_2041.JPG', await image(1200, 1800, 'image/jpeg'));
    expect(jpeg.statusCode).toBe(201);
    // A small photo is stored at its own size, never enlarged.
    expect((await upload(pkg.id, w.as.clerk, 'tiny.png', small, 'image/png')).statusCode).toBe(201);

    const photos = await photosOf(pkg.id);
    expect(photos.map((p) => p.fileName)).toEqual(['shelf.png', 'IMG_2041.JPG', 'tiny.png']);
    const sizes = [];
    for (const photo of photos) {
      const file = await get(photo.url, w.as.admin);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(photo.contentType);
      const decoded = await Jimp.fromBuffer(file.rawPayload);
      sizes.push([file.headers['content-type'], decoded.width, decoded.height]);
    }
    expect(sizes).toEqual([['image/png', 1600, 800], ['image/jpeg', 1067, 1600], ['image/png', 40, 30]]);

    // The package's customer sees the photos on their package and may open them.
    const mine = (await get(`/api/packages/${pkg.id}`, w.as.tanya)).json<PackageDetail>();
    expect(mine.files.filter((f) => f.kind === 'photo')).toHaveLength(3);
    expect((await get(photos[0]!.url, w.as.tanya)).statusCode).toBe(200);
  });

  it('refuses a text file named .jpg, a missing file and a broken image with a clear 4xx, storing nothing', async () => {
    const pkg = await received({ trackingNumber: upsNumber(), customerId: w.tanya.id });
    const text = await upload(pkg.id, w.as.clerk, 'photo.jpg', Buffer.from('this is not a photo\n'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ message: PACKAGE_MSG.photoWrongType, fieldErrors: { photo: PACKAGE_MSG.photoWrongType } });
    const pdf = await upload(pkg.id, w.as.clerk, 'photo.png', SAMPLE.pdf, 'image/png');
    expect(pdf.json().message).toBe(PACKAGE_MSG.photoWrongType);
    const none = await t.app.inject({ method: 'POST', url: `/api/packages/${pkg.id}/photos`, headers: { ...w.as.clerk, ...multipart({ note: 'x' }).headers }, payload: multipart({ note: 'x' }).payload });
    expect(none.statusCode).toBe(400);
    // The JPEG signature with nothing decodable behind it.
    const broken = await upload(pkg.id, w.as.clerk, 'broken.jpg', SAMPLE.jpeg);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(PACKAGE_MSG.photoUnreadable);
    // A PNG header claiming a 100 000 × 100 000 canvas is refused before decoding.
    const bomb = Buffer.from(SAMPLE.png);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    expect((await upload(pkg.id, w.as.clerk, 'bomb.png', bomb, 'image/png')).json().message).toBe(PACKAGE_MSG.photoTooManyPixels);
    // Over 10 MB: refused while it is read.
    const huge = Buffer.concat([small, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(pkg.id, w.as.clerk, 'huge.png', huge, 'image/png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(PACKAGE_MSG.photoTooLarge);
    expect(await photosOf(pkg.id)).toEqual([]);
  });

  it('another courier\'s package or another customer\'s photo answers 404; staff without packages_scan or packages_manage get 403', async () => {
    const pkg = await received({ trackingNumber: upsNumber(), customerId: w.tanya.id });
    const photo = (await upload(pkg.id, w.as.clerk, 'box.png', small, 'image/png')).json<PackageFile>();
    expect((await upload(pkg.id, otherAdmin, 'box.png', small, 'image/png')).statusCode).toBe(404);
    expect((await get(photo.url, otherAdmin)).statusCode).toBe(404);
    expect((await get(photo.url, w.as.andre)).statusCode).toBe(404);
    expect((await upload(pkg.id, w.as.noPackages, 'box.png', small, 'image/png')).statusCode).toBe(403);
    expect((await upload(pkg.id, await staffWith(['packages_view']), 'box.png', small, 'image/png')).statusCode).toBe(403);
    expect((await upload(pkg.id, w.as.tanya, 'box.png', small, 'image/png')).statusCode).toBe(403);
    expect((await upload(pkg.id, await staffWith(['packages_view', 'packages_manage']), 'box.png', small, 'image/png')).statusCode).toBe(201);
    expect(await photosOf(pkg.id)).toHaveLength(2);
  });

  it('keeps at most 6 photos a package', async () => {
    const pkg = await received({ trackingNumber: upsNumber(), customerId: w.andre.id });
    for (let i = 0; i < 6; i += 1) expect((await upload(pkg.id, w.as.clerk, `p${i}.png`, small, 'image/png')).statusCode).toBe(201);
    const seventh = await upload(pkg.id, w.as.clerk, 'p6.png', small, 'image/png');
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json().message).toBe('A package can have at most 6 photos');
  });
});

describe('customer search for assigning unknown packages', () => {
  it('staff with packages_unknown but not customers_view find the customer with the scan search and assign the package', async () => {
    const unknownOnly = await staffWith(['packages_view', 'packages_unknown']);
    const pkg = await received({ trackingNumber: upsNumber() });
    expect(pkg.status).toBe('unknown');
    expect((await get('/api/customers?search=Tanya', unknownOnly)).statusCode).toBe(403);
    const search = await get(`/api/packages/scan-customers?search=${encodeURIComponent(w.tanya.mailboxNumber)}`, unknownOnly);
    expect(search.statusCode).toBe(200);
    const found = search.json<{ customers: ScanCustomer[] }>().customers;
    expect(found.map((c) => c.id)).toEqual([w.tanya.id]);
    const assigned = await t.app.inject({ method: 'POST', url: `/api/packages/${pkg.id}/assign`, headers: unknownOnly, payload: { customerId: found[0]!.id } });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<PackageDetail>()).toMatchObject({ status: 'received', customerId: w.tanya.id });
    // Holding neither packages_scan nor packages_unknown still answers 403.
    expect((await get('/api/packages/scan-customers?search=Tanya', await staffWith(['packages_view']))).statusCode).toBe(403);
  });
});
