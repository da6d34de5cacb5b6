import type { Database } from '../../db/client';
import type { App } from '../../app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer } from '../../test/factories';

/**
 * A courier with an admin, a dispatcher (delivery_requests_view + manage + packages_manage), a
 * viewer (delivery_requests_view only), two customers and a delivery location (J$ 1,500).
 */
export async function deliveryWorld(app: App, db: Database) {
  const courier = await makeCourier(db);
  const admin = await makeUser(db, { role: 'courier_admin', courier });
  const dispatcher = await makeUser(db, { role: 'staff', courier, permissions: ['delivery_requests_view', 'delivery_requests_manage', 'packages_manage', 'packages_view'] });
  const viewer = await makeUser(db, { role: 'staff', courier, permissions: ['delivery_requests_view'] });
  const tanya = await makeCustomer(db, courier, { firstName: 'Tanya', lastName: 'Delivery' });
  const andre = await makeCustomer(db, courier, { firstName: 'Andre', lastName: 'Delivery' });
  const as = {
    admin: (await signIn(app, admin)).headers,
    dispatcher: (await signIn(app, dispatcher)).headers,
    viewer: (await signIn(app, viewer)).headers,
    tanya: (await signInCustomer(app, tanya, courier.apiKey)).headers,
    andre: (await signInCustomer(app, andre, courier.apiKey)).headers,
  };
  const created = await app.inject({ method: 'POST', url: '/api/delivery-locations', headers: as.admin, payload: { name: 'Half Way Tree', parish: 'St. Andrew', feeCents: 150_000 } });
  if (created.statusCode !== 201) throw new Error(`location: ${created.statusCode} ${created.body}`);
  const location = created.json<{ location: { id: string } }>().location;
  return { courier, admin, dispatcher, viewer, tanya, andre, as, location };
}
export type DeliveryWorld = Awaited<ReturnType<typeof deliveryWorld>>;

/** A date n days from today in Jamaica, YYYY-MM-DD. */
export const jamaicaDay = (offset = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Jamaica', year: 'numeric', month: '2-digit', day: '2-digit' })
  .format(new Date(Date.now() + offset * 86_400_000));
