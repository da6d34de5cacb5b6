import { SMTPServer } from 'smtp-server';
import { parseEmail, type ReceivedEmail } from '../../../apps/api/src/test/smtp-receiver';

/**
 * A real SMTP server on a given loopback port (the shared receiver picks a free one): the SMTP
 * outage test starts it only after the API has failed to reach that port.
 */
export async function startSmtpOnPort(port: number) {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseEmail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
