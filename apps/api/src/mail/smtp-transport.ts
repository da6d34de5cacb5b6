import { connect, type Socket } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import {
  guardedLookup, HostNotPublicError, isPrivateAddress, notPublicMessage, resolvePublicHost, systemLookup, type HostLookup,
} from '../security/host-guard';

const SMTP_HOST = 'SMTP host';
export const SMTP_HOST_NOT_PUBLIC = notPublicMessage(SMTP_HOST);

/** The courier's SMTP host, resolved through the host guard (security/host-guard.ts). */
export const resolveSmtpHost = (host: string, allowPrivate: boolean, lookup: HostLookup = systemLookup) =>
  resolvePublicHost(host, allowPrivate, SMTP_HOST, lookup);

/** A courier's SMTP server (settings tab 5) with its password already decrypted. */
export interface CourierSmtpSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  fromEmail: string;
  fromName: string;
}

const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * Opens the TCP connection for nodemailer itself (its getSocket hook), so the guard judges the
 * address actually connected to, not only the name saved: the name is resolved again through
 * guardedLookup and the socket's remote address is checked once connected (issue 15, item 7).
 */
export function guardedSocket(lookup: HostLookup = systemLookup) {
  return (options: { host?: string; port?: number | string }, callback: (error: Error | null, socketOptions?: { connection: Socket }) => void) => {
    const socket = connect({ host: options.host, port: Number(options.port ?? 25), lookup: guardedLookup(SMTP_HOST, lookup), timeout: CONNECTION_TIMEOUT_MS });
    const fail = (error: Error) => {
      socket.destroy();
      callback(error);
    };
    socket.once('error', fail);
    socket.once('timeout', () => fail(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })));
    socket.once('connect', () => {
      socket.removeListener('error', fail);
      socket.removeAllListeners('timeout');
      socket.setTimeout(0);
      if (isPrivateAddress(socket.remoteAddress ?? '')) return fail(new HostNotPublicError(SMTP_HOST_NOT_PUBLIC));
      callback(null, { connection: socket });
    });
  };
}

/**
 * A transport to the courier's own server. The host is checked now (public addresses only,
 * unless ALLOW_PRIVATE_SMTP) for a clear message, and again on every connection by
 * guardedSocket; TLS verifies the certificate against the host name. Port 465 is implicit TLS;
 * others upgrade with STARTTLS when the server offers it.
 */
export async function createCourierTransport(settings: CourierSmtpSettings, allowPrivate: boolean, lookup: HostLookup = systemLookup): Promise<Transporter> {
  await resolveSmtpHost(settings.host, allowPrivate, lookup);
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.port === 465,
    auth: { user: settings.user, pass: settings.password },
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    ...(allowPrivate ? {} : { getSocket: guardedSocket(lookup) }),
  });
}

/** The From header as an address object, so nodemailer encodes the name (no header injection). */
export function courierFrom(settings: Pick<CourierSmtpSettings, 'fromEmail' | 'fromName'>) {
  return { name: settings.fromName, address: settings.fromEmail };
}

/** What the SMTP server answered (for example '535 5.7.8 Authentication failed'), on one line. */
export function smtpAnswer(error: unknown): string {
  const response = (error as { response?: unknown }).response;
  const text = typeof response === 'string' && response ? response : error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
