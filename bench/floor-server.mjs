// The floor of a signed-in read (issue 16): the same Node and Fastify as the API, a pg pool of the
// API's default size on the bench database, and one route that does one primary-key SELECT (the
// bench admin's user row) and answers it as JSON. No auth, no schemas, no ORM, no plugins: any
// signed-in request has to look its session up, so no signed-in route can beat this.
import Fastify from 'fastify';
import pg from 'pg';

const userId = process.env.FLOOR_USER_ID;
if (!process.env.DATABASE_URL || !userId) throw new Error('floor-server needs DATABASE_URL and FLOOR_USER_ID');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const app = Fastify({ logger: { level: 'warn' } });
app.get('/floor', async () => {
  const { rows } = await pool.query('select id, email, first_name, last_name, role from users where id = $1', [userId]);
  return { user: rows[0] ?? null };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
