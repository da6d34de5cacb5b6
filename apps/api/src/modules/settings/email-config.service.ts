import { isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { SETTINGS_MSG, type emailConfigSchema } from '@parceldesk/shared/schemas/settings';
import type { DbOrTx } from '../../db/client';
import { courierEmailConfigs } from '../../db/schema/index';
import { AppError, badRequest } from '../../lib/app-error';
import { auditAction, type Actor } from '../../lib/actor';
import { wakeOutbox } from '../../mail/outbox';
import { HostNotPublicError, isPrivateAddress } from '../../security/host-guard';
import { courierFrom, createCourierTransport, SMTP_HOST_NOT_PUBLIC, smtpAnswer } from '../../mail/smtp-transport';
import type { SecretBox } from '../../security/encryption';

type EmailConfigValues = z.output<typeof emailConfigSchema>;

/** What the form shows: everything but the password, and whether one is stored. */
export interface EmailConfigView {
  smtp_host: string;
  smtp_port: number;
  smtp_user: string;
  from_email: string;
  from_name: string;
  status: 'active' | 'inactive';
  has_password: boolean;
}

export const EMAIL_CONFIG_MSG = {
  notConfigured: 'Save the email configuration before sending a test email',
  testSent: (to: string) => `Test email sent to ${to}`,
  // Generic on purpose (issue 15): raw connection errors made the test a host/port oracle.
  // The detail goes to the log; only a refused sign-in is told apart, since the admin can fix it.
  testFailedAuth: `${SETTINGS_MSG.testEmailFailed}: the SMTP server did not accept the user name and password`,
  testFailed: `${SETTINGS_MSG.testEmailFailed}: the SMTP server could not be reached or did not accept the message. Check the host, port and password`,
} as const;

export async function getEmailConfig(db: DbOrTx, courierId: string): Promise<EmailConfigView | null> {
  const [row] = await db.select().from(courierEmailConfigs).where(eq(courierEmailConfigs.courierId, courierId)).limit(1);
  if (!row) return null;
  return {
    smtp_host: row.smtpHost,
    smtp_port: row.smtpPort,
    smtp_user: row.smtpUser,
    from_email: row.fromEmail,
    from_name: row.fromName,
    status: row.status,
    has_password: row.smtpPasswordEncrypted.length > 0,
  };
}

/**
 * Saves the courier's SMTP settings. The password is stored only as AES-256-GCM ciphertext bound
 * to the courier; an empty password keeps the stored one. Saving wakes the outbox, so email held
 * while the configuration was inactive goes out as soon as it is active again.
 */
export async function saveEmailConfig(
  db: DbOrTx,
  options: { actor: Actor; box: SecretBox; courierId: string; input: EmailConfigValues; allowPrivate: boolean },
): Promise<void> {
  const { actor, box, courierId, input } = options;
  // An address literal can be judged now; names are checked when they are used (DNS changes).
  if (!options.allowPrivate && isIP(input.smtp_host) && isPrivateAddress(input.smtp_host)) {
    throw badRequest(SMTP_HOST_NOT_PUBLIC, { smtp_host: SMTP_HOST_NOT_PUBLIC });
  }
  const [existing] = await db.select({ password: courierEmailConfigs.smtpPasswordEncrypted }).from(courierEmailConfigs)
    .where(eq(courierEmailConfigs.courierId, courierId)).for('update').limit(1);
  const password = input.smtp_password
    ? box.encrypt(input.smtp_password, courierId)
    : existing?.password;
  if (!password) throw badRequest(SETTINGS_MSG.smtpPasswordRequired, { smtp_password: SETTINGS_MSG.smtpPasswordRequired });
  const values = {
    smtpHost: input.smtp_host,
    smtpPort: input.smtp_port,
    smtpUser: input.smtp_user,
    smtpPasswordEncrypted: password,
    fromEmail: input.from_email,
    fromName: input.from_name,
    status: input.status,
    updatedAt: new Date(),
  };
  await db.insert(courierEmailConfigs).values({ courierId, ...values })
    .onConflictDoUpdate({ target: courierEmailConfigs.courierId, set: values });
  await auditAction(db, actor, {
    courierId, action: 'settings.email_config_saved', targetType: 'courier', targetId: courierId,
    details: { host: input.smtp_host, port: input.smtp_port, status: input.status, passwordChanged: Boolean(input.smtp_password) },
  });
  await wakeOutbox(db);
}

/**
 * Sends a test email through the saved configuration, for real: the admin learns whether it
 * worked, the log keeps what the server answered. Refused when the host is not public (unless ALLOW_PRIVATE_SMTP).
 */
export async function sendTestEmail(
  db: DbOrTx,
  options: { box: SecretBox; courierId: string; courierName: string; to: string; allowPrivate: boolean; log: FastifyBaseLogger },
): Promise<string> {
  const { box, courierId } = options;
  const [config] = await db.select().from(courierEmailConfigs).where(eq(courierEmailConfigs.courierId, courierId)).limit(1);
  if (!config) throw badRequest(EMAIL_CONFIG_MSG.notConfigured);
  const settings = {
    host: config.smtpHost, port: config.smtpPort, user: config.smtpUser, password: box.decrypt(config.smtpPasswordEncrypted, courierId),
    fromEmail: config.fromEmail, fromName: config.fromName,
  };
  let transport;
  try {
    transport = await createCourierTransport(settings, options.allowPrivate);
  } catch (error) {
    if (error instanceof HostNotPublicError) throw badRequest(error.message, { smtp_host: error.message });
    throw error;
  }
  try {
    await transport.sendMail({
      from: courierFrom(settings),
      to: options.to,
      subject: `Test email from ${options.courierName}`,
      text: `This is a test email from ${options.courierName}.\n\nYour email configuration works: messages to your customers will be sent through ${config.smtpHost}.`,
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    options.log.warn({ courierId, host: config.smtpHost, port: config.smtpPort, code, answer: smtpAnswer(error) }, 'SMTP test email failed');
    throw new AppError(502, code === 'EAUTH' ? EMAIL_CONFIG_MSG.testFailedAuth : EMAIL_CONFIG_MSG.testFailed);
  } finally {
    transport.close();
  }
  return EMAIL_CONFIG_MSG.testSent(options.to);
}
