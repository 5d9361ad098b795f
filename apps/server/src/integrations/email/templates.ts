import { getRoleLabel } from '@skylog/contracts';
import type { EmailMessage } from './email-sender.ts';

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
