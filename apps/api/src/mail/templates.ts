/** Plain-text emails: they read well in every client and in the development log. */
import type { OutgoingEmail } from './outbox';

export function passwordResetEmail(input: { courierId: string | null; to: string; name: string; link: string; brand: string }): OutgoingEmail {
  return {
    courierId: input.courierId,
    to: input.to,
    subject: `${input.brand}: reset your password`,
    text: [
      `Hello ${input.name},`,
      '',
      'We received a request to reset the password of your account. Open this link within 60 minutes to choose a new one:',
      '',
      input.link,
      '',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
      '',
      input.brand,
    ].join('\n'),
  };
}

export function invitationEmail(input: { courierId: string | null; to: string; name: string; link: string; brand: string; roleLabel: string }): OutgoingEmail {
  return {
    courierId: input.courierId,
    to: input.to,
    subject: `${input.brand}: your ${input.roleLabel} account`,
    text: [
      `Hello ${input.name},`,
      '',
      `An account has been created for you at ${input.brand} as ${input.roleLabel}. Choose your password with this link (valid for 60 minutes; ask for a new one from the sign-in page after that):`,
      '',
      input.link,
      '',
      input.brand,
    ].join('\n'),
  };
}

export function welcomeEmail(input: { courierId: string; to: string; name: string; mailboxNumber: string; brand: string; addressLines: string[]; loginLink: string }): OutgoingEmail {
  const address = input.addressLines.length > 0
    ? ['Ship your online purchases to:', '', ...input.addressLines]
    : ['Your US shipping address will appear in your account as soon as the courier publishes it.'];
  return {
    courierId: input.courierId,
    to: input.to,
    subject: `Welcome to ${input.brand}: your mailbox ${input.mailboxNumber}`,
    text: [
      `Hello ${input.name},`,
      '',
      `Your account is ready. Your mailbox number is ${input.mailboxNumber}.`,
      '',
      ...address,
      '',
      `Sign in: ${input.loginLink}`,
      '',
      input.brand,
    ].join('\n'),
  };
}

/** Issue 15 #2: the new address confirms an email change before it takes effect. */
export function emailChangeConfirmEmail(input: { courierId: string | null; to: string; name: string; link: string; brand: string }): OutgoingEmail {
  return {
    courierId: input.courierId,
    to: input.to,
    subject: `${input.brand}: confirm your new email address`,
    text: [
      `Hello ${input.name},`,
      '',
      `Your ${input.brand} account is to use this email address from now on. Open this link within 24 hours to confirm it:`,
      '',
      input.link,
      '',
      'Until you do, the account keeps its current address. If you did not expect this, ignore this email.',
      '',
      input.brand,
    ].join('\n'),
  };
}

/** Told to the old address when an email change is asked for, so a takeover attempt does not go unnoticed. */
export function emailChangeNoticeEmail(input: { courierId: string | null; to: string; name: string; newEmail: string; brand: string }): OutgoingEmail {
  return {
    courierId: input.courierId,
    to: input.to,
    subject: `${input.brand}: your email address is being changed`,
    text: [
      `Hello ${input.name},`,
      '',
      `Someone asked to change the email address of your ${input.brand} account to ${input.newEmail}. It changes only once that address confirms it; outstanding password links of your account no longer work.`,
      '',
      'If this was not you or your administrator, sign in and change your password, and tell your administrator.',
      '',
      input.brand,
    ].join('\n'),
  };
}

/** Finishing a courier sign-up (POST /auth/register): the account is created when the link is opened. */
export function courierSignupEmail(input: { to: string; name: string; companyName: string; link: string; brand: string }): OutgoingEmail {
  return {
    courierId: null,
    to: input.to,
    subject: `${input.brand}: finish setting up ${input.companyName}`,
    text: [
      `Hello ${input.name},`,
      '',
      `Open this link within 24 hours to create ${input.companyName} and sign in as its administrator:`,
      '',
      input.link,
      '',
      'If you did not sign up, you can ignore this email: nothing is created.',
      '',
      input.brand,
    ].join('\n'),
  };
}

/** A sign-up with an email that already has an account: said to the mailbox, never to the requester (issue 15, item 11). */
export function accountExistsEmail(input: { to: string; name: string; signInLink: string; brand: string }): OutgoingEmail {
  return {
    courierId: null,
    to: input.to,
    subject: `${input.brand}: you already have an account`,
    text: [
      `Hello ${input.name},`,
      '',
      'Someone (probably you) tried to sign up a new courier company with this email address, but you already have an account.',
      '',
      `Sign in here: ${input.signInLink}`,
      'Forgot your password? Choose "Forgot password" on that page.',
      '',
      'If it was not you, you can ignore this email: nothing was changed.',
      '',
      input.brand,
    ].join('\n'),
  };
}
