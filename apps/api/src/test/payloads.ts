import { uniqueEmail, TEST_PASSWORD } from './factories';

/** The Authorization header for a bearer token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A valid POST /customers/register body for an individual at the given courier's first branch. */
export function customerRegistration(courier: { id: string; branch: { id: string } }, overrides: Record<string, unknown> = {}) {
  return {
    accountType: 'individual',
    title: 'Mr.',
    firstName: 'Devon',
    lastName: 'Clarke',
    email: uniqueEmail('signup'),
    phone: '876-555-0199',
    password: TEST_PASSWORD,
    trn: '111-222-333',
    address: '12 Constant Spring Road',
    parish: 'St. Andrew',
    city: 'Kingston',
    branchId: courier.branch.id,
    courierId: courier.id,
    ...overrides,
  };
}

/** A six-line US warehouse address as a courier admin types it in settings. */
export const SIX_LINE_ADDRESS = ['Warehouse', '8400 NW 25th St', 'Suite {mailbox}', 'Doral', 'FL', '33198'].join('\n');
