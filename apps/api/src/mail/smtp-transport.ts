import { isIP } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import { resolveSmtpHost } from './smtp-guard';

/** A courier's SMTP server (settings tab 5) with its password already decrypted. */
export interface CourierSmtpSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  fromEmail: string;
  fromName: string;
}

/**
 * A transport to the courier's own server. The host is checked (public addresses only, unless
 * ALLOW_PRIVATE_SMTP) and the connection goes to the checked address, with TLS still verifying
 * the certificate against the host name. Port 465 is implicit TLS; others upgrade with STARTTLS
 * when the server offers it.
 */
export async function createCourierTransport(settings: CourierSmtpSettings, allowPrivate: boolean): Promise<Transporter> {
  const address = await resolveSmtpHost(settings.host, allowPrivate);
  return nodemailer.createTransport({
    host: address,
    port: settings.port,
    secure: settings.port === 465,
    auth: { user: settings.user, pass: settings.password },
    tls: isIP(settings.host) ? {} : { servername: settings.host },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
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
