// The machine's limit for the bench (issue 6, case a): the same Node and Fastify as the API, the
// same logger level, one JSON route, nothing else (no database, no auth, no plugins).
import Fastify from 'fastify';

const app = Fastify({ logger: { level: 'warn' } });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void app.close().then(() => process.exit(0)));
