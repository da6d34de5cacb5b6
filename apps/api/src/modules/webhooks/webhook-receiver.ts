import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received { headers: IncomingHttpHeaders; body: string }

/**
 * An integrator's endpoint for tests: records every POST and answers with the status `answer`
 * gives (200 unless told), optionally after a delay (a slow receiver).
 */
export async function startWebhookReceiver(options: { answer?: (n: number) => number; delayMs?: number } = {}) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = options.answer ? options.answer(received.length) : 200;
      setTimeout(() => response.writeHead(status).end(status < 300 ? 'ok' : 'nope'), options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
