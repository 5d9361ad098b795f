import { getRoleLabel } from '@skylog/contracts';
import type { EmailAttachment, EmailMessage } from './email-sender.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function linkEmail(to: string, subject: string, intro: string, action: string, url: string, outro: string): EmailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function verificationEmail(to: string, name: string, url: string): EmailMessage {
  return linkEmail(
    to,
    'Confirm your Skylog e-mail address',
    `Hello ${name}, please confirm your e-mail address to finish setting up Skylog.`,
    'Confirm e-mail address',
    url,
    'If you did not sign up for Skylog, ignore this e-mail.',
  );
}

export function passwordResetEmail(to: string, name: string, url: string): EmailMessage {
  return linkEmail(
    to,
    'Reset your Skylog password',
    `Hello ${name}, someone asked to reset the password of your Skylog account.`,
    'Choose a new password',
    url,
    'The link works for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  );
}

export function invitationEmail(to: string, role: string, orgName: string | null, url: string, days: number): EmailMessage {
  const where = orgName ? ` at ${orgName}` : '';
  return linkEmail(
    to,
    `You are invited to Skylog${where}`,
    `You have been invited to join Skylog${where} as ${getRoleLabel(role) || role}.`,
    'Create your account',
    url,
    `The invitation works for ${days} days.`,
  );
}

function noticeEmail(to: string, subject: string, lines: readonly string[]): EmailMessage {
  return { to, subject, text: lines.join('\n\n'), html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') };
}

export function emailChangeConfirmEmail(to: string, name: string, url: string, hours: number): EmailMessage {
  return linkEmail(
    to,
    'Confirm your new Skylog sign-in e-mail',
    `Hello ${name}, you asked to sign in to Skylog with this address from now on.`,
    'Confirm the new address',
    url,
    `The link works for ${hours} hours. If you did not ask for this, ignore this e-mail: nothing changes.`,
  );
}

export function emailChangeTakenEmail(to: string): EmailMessage {
  return noticeEmail(to, 'Your e-mail address was offered for a Skylog account', [
    'Someone asked to move a Skylog account to this e-mail address, but this address already signs in to a Skylog account, so nothing changed.',
    'If it was you, sign in with this address instead. If you did not ask for this, you can ignore this e-mail.',
  ]);
}

export function emailChangedNoticeEmail(to: string, name: string, newEmail: string): EmailMessage {
  return noticeEmail(to, 'Your Skylog sign-in e-mail was changed', [
    `Hello ${name}, your Skylog account now signs in with ${newEmail} instead of this address, and your other sessions were signed out.`,
    'If you did not do this, contact your school administrator at once.',
  ]);
}

export function schoolRegistrationTakenEmail(to: string, url: string): EmailMessage {
  return linkEmail(
    to,
    'Someone tried to register a Skylog school with your address',
    'A new flight school was about to be registered on Skylog with this e-mail address, which already signs in to a Skylog account, so no school was created.',
    'Sign in',
    url,
    'If it was you and you forgot your password, use "Forgot password" on the sign-in page. Otherwise you can ignore this e-mail.',
  );
}

/** "Send debrief": the flight's one-page PDF, to a student of the flight. */
export function debriefEmail(to: string, name: string, sender: string, tripName: string, url: string, pdf: EmailAttachment): EmailMessage {
  const intro = `Hello ${name}, ${sender} sent you the debrief of your flight "${tripName}". It is attached as a one-page PDF to keep.`;
  return { ...linkEmail(to, `Your debrief: ${tripName}`, intro, 'Review the flight in Skylog', url, 'Fly safe.'), attachments: [pdf] };
}
