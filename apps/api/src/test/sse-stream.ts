import http from 'node:http';

/**
 * The `event: <family>` blocks of one live-event (SSE) stream, as they arrive: tests open it with
 * a token in the URL, wait for `connected()`, act, then wait for the event they expect.
 */
export function familyStream<E>(url: string, family: string) {
  const events: E[] = [];
  let connected = false;
  let buffer = '';
  const request = http.get(url, { headers: { accept: 'text/event-stream' } }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      for (let at = buffer.indexOf('\n\n'); at !== -1; at = buffer.indexOf('\n\n')) {
        const lines = buffer.slice(0, at).split('\n');
        buffer = buffer.slice(at + 2);
        if (lines.some((l) => l.startsWith(': connected'))) connected = true;
        const data = lines.find((l) => l.startsWith('data:'));
        if (lines.includes(`event: ${family}`) && data) events.push(JSON.parse(data.slice(5)) as E);
      }
    });
  });
  request.on('error', () => undefined);
  /** Polls `find` for up to 10 s; fails naming what the stream did carry. */
  const until = async <T>(find: () => T | undefined): Promise<T> => {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const found = find();
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`stream: nothing within 10 s; got ${JSON.stringify(events)}`);
  };
  return {
    events,
    until,
    connected: () => until(() => (connected ? true : undefined)),
    close: () => request.destroy(),
  };
}
