// `npm run fuzz:sql [-- --lists all]`: sqlmap (Debian package) against the production build on
// 127.0.0.1 (issue 6): the sign-in, registration and customer sign-in bodies, and authenticated
// list endpoints (GET /api/settings/shipping-rates, plus list endpoints taking the shared
// search/sort/filters query; `--lists all` tries every one). Prints each target's verdict and
// exits 1 if any parameter is injectable. Not part of `npm test` (it takes minutes).
// Database: a fresh database on TEST_DATABASE_URL's server when set, else the embedded one.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

const ALL_LISTS = process.argv.includes('--lists') && process.argv[process.argv.indexOf('--lists') + 1] === 'all';
// A wrong password answers 401, which sqlmap would otherwise take for "needs HTTP authentication" and stop.
const SQLMAP_OPTIONS = ['--batch', '--level', '2', '--risk', '1', '--dbms', 'PostgreSQL', '--ignore-code', '401', '--flush-session', '--disable-coloring', '--threads', '4', '--timeout', '15', '-v', '1'];
const PASSWORD = 'Sqlmap-Pass-2024';

function sqlmapPath() {
  const found = spawnSync('sh', ['-c', 'command -v sqlmap'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  console.log('sqlmap is not installed: installing the Debian package (apt-get install -y sqlmap)…');
  const install = spawnSync('apt-get', ['install', '-y', 'sqlmap'], { stdio: 'inherit' });
  if (install.status !== 0) {
    console.error('Could not install sqlmap. Install it with: sudo apt-get install sqlmap');
    process.exit(2);
  }
  return spawnSync('sh', ['-c', 'command -v sqlmap'], { encoding: 'utf8' }).stdout.trim();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function createDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const { default: pg } = await import('pg');
  const name = `pd_sqlmap_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
      await client.end();
    },
  };
}

async function waitForHealth(baseUrl, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy within 120 s');
}

async function api(baseUrl, method, url, body, token) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A courier with its admin, a customer and a shipping rate, made through the API itself. */
async function seed(baseUrl, serverLog) {
  const stamp = randomBytes(3).toString('hex');
  const adminEmail = `sqlmap-admin-${stamp}@example.com`;
  await api(baseUrl, 'POST', '/api/auth/register', { courierName: `Sqlmap Courier ${stamp}`, firstName: 'Sql', lastName: 'Map', email: adminEmail, password: PASSWORD });
  // Sign-up finishes through the emailed link; without SMTP_URL the server logs the email.
  let token;
  for (let i = 0; i < 100 && !token; i += 1) {
    token = /\/courier\/register\/confirm\?token=([\w-]+)/.exec(serverLog())?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!token) throw new Error('the sign-up email did not appear in the server log');
  const signup = await api(baseUrl, 'POST', '/api/auth/register/confirm', { token });
  const courierId = signup.user.courier.id;
  const { couriers } = await api(baseUrl, 'GET', '/api/couriers/all');
  const apiKey = couriers.find((c) => c.id === courierId)?.api_key;
  const { data: branches } = await api(baseUrl, 'GET', `/api/branches/public/${courierId}`);
  const customer = {
    accountType: 'individual', title: 'Mr.', firstName: 'Devon', lastName: 'Clarke', email: `sqlmap-customer-${stamp}@example.com`,
    phone: '876-555-0199', password: PASSWORD, trn: '111-222-333', address: '12 Constant Spring Road', parish: 'St. Andrew', city: 'Kingston',
    branchId: branches[0].id, courierId,
  };
  await api(baseUrl, 'POST', '/api/customers/register', { ...customer, api_key: apiKey });
  await api(baseUrl, 'POST', `/api/settings/shipping-rates?courierId=${courierId}`, { weight: '1lb', cost: 5, status: 'ACTIVE' }, signup.token);
  return { token: signup.token, adminEmail, courierId, apiKey, customer };
}

/** List endpoints from the server's own OpenAPI document: GETs whose query takes `search`. */
async function listTargets(baseUrl, courierId) {
  const doc = await api(baseUrl, 'GET', '/api/openapi.json');
  const lists = [];
  for (const [route, operations] of Object.entries(doc.paths ?? {})) {
    const get = operations.get;
    if (!get || route.includes('{')) continue;
    const names = (get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    if (!names.includes('search')) continue;
    const query = new URLSearchParams({ page: '1', pageSize: '10', search: 'a', sort: 'createdAt', order: 'desc', filters: '{"status":"active"}' });
    for (const key of [...query.keys()]) if (!names.includes(key)) query.delete(key);
    lists.push({ name: `GET ${route}`, args: ['-u', `${baseUrl}${route}?${query}`] });
  }
  lists.sort((a, b) => Number(!a.name.includes('/customers')) - Number(!b.name.includes('/customers')));
  return [
    { name: 'GET /api/settings/shipping-rates', args: ['-u', `${baseUrl}/api/settings/shipping-rates?courierId=${courierId}`] },
    ...(ALL_LISTS ? lists : lists.slice(0, 2)),
  ];
}

function runSqlmap(sqlmap, target, outputDir, token) {
  return new Promise((resolve) => {
    const args = [...target.args, ...SQLMAP_OPTIONS, '--output-dir', outputDir, ...(token ? ['--headers', `Authorization: Bearer ${token}`] : [])];
    const child = spawn(sqlmap, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

function verdictOf({ code, output }) {
  const injectable = /identified the following injection point|is vulnerable|appears to be injectable/i.test(output)
    && !/all tested parameters do not appear to be injectable/i.test(output);
  const clean = /all tested parameters do not appear to be injectable/i.test(output);
  const tested = [...output.matchAll(/testing if (?:\(custom\) )?(?:POST|GET|JSON|URI|Header|HTTP header)?\s*parameter '([^']+)' is dynamic/gi)].map((m) => m[1]);
  const httpErrors = output.match(/HTTP error codes detected during run:\n?([^\n]+)/)?.[1]?.trim();
  const injectableParams = [...output.matchAll(/^Parameter: (.+)$/gm)].map((m) => m[1]);
  return { injectable, clean, tested: [...new Set(tested)], httpErrors, injectableParams, code };
}

async function main() {
  const sqlmap = sqlmapPath();
  buildIfStale('apps/web');
  buildIfStale('apps/api');
  const database = await createDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parceldesk-sqlmap-'));
  // mkdtemp makes it 0700: as root, the embedded PostgreSQL runs as its own user and must reach it.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      SUPERADMIN_EMAIL: 'sqlmap-root@example.com',
      SUPERADMIN_PASSWORD: PASSWORD,
      // info: the sign-up email (no SMTP_URL) is read back from the log.
      LOG_LEVEL: 'info',
      // sqlmap sends thousands of sign-ins: a 429 would hide an injection, so the limits are lifted.
      RATE_LIMIT_IP_MAX: '10000000',
      RATE_LIMIT_ACCOUNT_MAX: '10000000',
    },
  });
  server.stdout.on('data', (chunk) => { log += chunk; });
  server.stderr.on('data', (chunk) => { log += chunk; });
  const outputDir = path.join(dataDir, 'sqlmap');
  let failed = false;
  try {
    await waitForHealth(baseUrl, server);
    const world = await seed(baseUrl, () => log);
    const targets = [
      { name: 'POST /api/auth/login', args: ['-u', `${baseUrl}/api/auth/login`, '--data', JSON.stringify({ email: world.adminEmail, password: PASSWORD })] },
      { name: 'POST /api/customers/login', args: ['-u', `${baseUrl}/api/customers/login`, '--data', JSON.stringify({ email: world.customer.email, password: PASSWORD, api_key: world.apiKey })] },
      {
        name: 'POST /api/customers/register',
        args: ['-u', `${baseUrl}/api/customers/register`, '--data', JSON.stringify({ ...world.customer, email: 'sqlmap-new@example.com', api_key: world.apiKey })],
      },
      ...(await listTargets(baseUrl, world.courierId)).map((t) => ({ ...t, token: world.token })),
    ];
    console.log(`sqlmap ${SQLMAP_OPTIONS.join(' ')} against ${baseUrl} (loopback), ${targets.length} targets`);
    const rows = [];
    for (const target of targets) {
      const started = Date.now();
      process.stdout.write(`  ${target.name} … `);
      const verdict = verdictOf(await runSqlmap(sqlmap, target, outputDir, target.token));
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const status = verdict.injectable ? `INJECTABLE: ${verdict.injectableParams.join('; ')}` : verdict.clean ? 'not injectable' : `inconclusive (sqlmap exit ${verdict.code})`;
      console.log(`${status} (${verdict.tested.length} parameters: ${verdict.tested.join(', ') || '?'}; ${seconds} s${verdict.httpErrors ? `; HTTP errors: ${verdict.httpErrors}` : ''})`);
      rows.push({ target, verdict });
    }
    const injectable = rows.filter((r) => r.verdict.injectable);
    const inconclusive = rows.filter((r) => !r.verdict.injectable && !r.verdict.clean);
    const serverErrors = rows.filter((r) => /\b5\d\d \(/.test(r.verdict.httpErrors ?? ''));
    console.log(`\n${injectable.length} injectable of ${rows.length} targets; ${inconclusive.length} inconclusive; ${serverErrors.length} answered 5xx to sqlmap`);
    failed = injectable.length > 0 || inconclusive.length > 0 || serverErrors.length > 0;
  } catch (error) {
    console.error(`fuzz:sql could not run: ${error instanceof Error ? error.message : error}\nserver output:\n${log}`);
    failed = true;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
