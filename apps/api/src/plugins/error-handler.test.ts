import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier, makeUser, signIn } from '../test/factories';

describe('error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 400, not 500, when text holds a NUL byte PostgreSQL cannot store, and changes nothing', async () => {
    const courier = await makeCourier(t.database.db);
    const staff = await makeUser(t.database.db, { role: 'staff', courier });
    const { headers } = await signIn(t.app, staff);
    const response = await t.app.inject({
      method: 'PUT', url: `/api/users/${staff.id}`, headers,
      payload: { firstName: 'Nul\u0000l', lastName: 'Byte', email: staff.email },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/cannot be stored/);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(profile.json().user.first_name).toBe('Test');
  });

  it('answers malformed JSON with a 400 JSON message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });
});
