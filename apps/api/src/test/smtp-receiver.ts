import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
  /** The user the sender authenticated as, when the receiver requires a login. */
  user?: string;
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Headers and the plain-text body of a simple (non-multipart) message, decoded. */
export function parseEmail(raw: string, to: string[]): ReceivedEmail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  let body = split === -1 ? '' : raw.slice(split + 4);
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { to, subject: header('Subject'), text: body.replace(/\r\n/g, '\n'), raw };
}

/**
 * A real SMTP server on a free loopback port that keeps every message it receives. With `auth`
 * it behaves like a courier's own server: only that user and password may send (535 otherwise).
 */
export async function startSmtpReceiver(options: { auth?: { user: string; pass: string } } = {}) {
  const received: ReceivedEmail[] = [];
  const waiters = new Set<() => void>();
  const { auth } = options;
  const server = new SMTPServer({
    authOptional: !auth,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.pass) return callback(null, { user: login.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const email = parseEmail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address));
        if (typeof session.user === 'string') email.user = session.user;
        received.push(email);
        waiters.forEach((wake) => wake());
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('SMTP receiver has no port'));
    });
  });

  async function waitFor(predicate: (email: ReceivedEmail) => boolean, timeoutMs = 15_000): Promise<ReceivedEmail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.find(predicate);
      if (found) return found;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`No matching email within ${timeoutMs} ms (received ${received.length})`);
      await new Promise<void>((resolve) => {
        const wake = () => { waiters.delete(wake); resolve(); };
        waiters.add(wake);
        setTimeout(wake, Math.min(remaining, 250));
      });
    }
  }

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

/** The first URL in an email's text. */
export function linkIn(email: ReceivedEmail): string {
  const match = /https?:\/\/\S+/.exec(email.text);
  if (!match) throw new Error(`No link in email "${email.subject}"`);
  return match[0];
}
