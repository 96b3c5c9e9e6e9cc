import type { MailMessage } from './mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function magicLinkMail(to: string, url: string, minutes: number): MailMessage {
  const subject = 'Your Plume sign-in link';
  const text = [
    'Hello,',
    '',
    'Use this link to sign in to Plume:',
    url,
    '',
    `It works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
  ].join('\n');
  const html = `<p>Hello,</p><p><a href="${escapeHtml(url)}">Sign in to Plume</a></p><p>It works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.</p>`;
  return { to, subject, text, html, url };
}
