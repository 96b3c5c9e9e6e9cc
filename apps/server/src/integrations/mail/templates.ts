import { PAUSE_EFFECT, quotePost } from '@plume/core';
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

/** A plain-text e-mail with the same paragraphs as simple HTML, and one link at the end. */
function notice(to: string, subject: string, paragraphs: string[], link: { label: string; url: string }): MailMessage {
  const text = [...paragraphs, '', `${link.label}: ${link.url}`, '', SETTINGS_HINT]
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p style="color:#64748b;font-size:12px">${escapeHtml(SETTINGS_HINT)}</p>`,
  ].join('');
  return { to, subject, text, html, url: link.url };
}

const SETTINGS_HINT = 'You get this e-mail because of your choices in Plume: Account settings, Notifications.';

/** A post in an e-mail: cut as every quoted post is (between words, by graphemes). */
const excerpt = (content: string, max = 280) => quotePost(content, max);

export function postPublishedMail(
  to: string,
  post: { personaName: string; platformLabel: string; content: string; url: string | null },
  appUrl: string,
): MailMessage {
  return notice(
    to,
    `${post.personaName} posted to ${post.platformLabel}`,
    [`A scheduled post of ${post.personaName} went out on ${post.platformLabel}:`, excerpt(post.content)],
    post.url
      ? { label: `See it on ${post.platformLabel}`, url: post.url }
      : { label: 'Open the calendar', url: `${appUrl}/calendar` },
  );
}

export function postFailedMail(
  to: string,
  post: {
    personaName: string;
    platformLabel: string;
    content: string;
    error: string | null;
    status: 'failed' | 'unconfirmed';
  },
  appUrl: string,
): MailMessage {
  const unknown = post.status === 'unconfirmed';
  return notice(
    to,
    unknown
      ? `Check a post of ${post.personaName} on ${post.platformLabel}`
      : `A post of ${post.personaName} could not be published on ${post.platformLabel}`,
    [
      unknown
        ? `${post.platformLabel} did not confirm a scheduled post of ${post.personaName}. It may or may not be online: look at the account, then choose Retry or Mark as posted on the calendar.`
        : `A scheduled post of ${post.personaName} was not published on ${post.platformLabel}.`,
      `Reason: ${post.error ?? 'unknown'}`,
      excerpt(post.content),
    ],
    { label: 'Open the calendar', url: `${appUrl}/calendar` },
  );
}

export function accountAttentionMail(
  to: string,
  account: {
    personaId: string;
    personaName: string;
    platformLabel: string;
    username: string;
    errorMessage: string | null;
    /** Its persona's automation paused for it too (told here, in one e-mail). */
    automationPaused?: boolean;
  },
  appUrl: string,
): MailMessage {
  return notice(
    to,
    `${account.personaName}'s ${account.platformLabel} connection needs attention`,
    [
      `The ${account.platformLabel} account @${account.username} of ${account.personaName} stopped working. Scheduled posts for it will fail until it is connected again.`,
      `Reason: ${account.errorMessage ?? 'the platform refused the connection'}`,
      ...(account.automationPaused
        ? [
            `${account.personaName}'s automation is paused. ${PAUSE_EFFECT} Reconnect the account, then resume it on the dashboard or in the Automation tab.`,
          ]
        : []),
    ],
    { label: 'Reconnect the account', url: `${appUrl}/editor/${account.personaId}?tab=accounts` },
  );
}

/** A persona's automation paused itself (decision 035): why, what that stops, and where to resume. */
export function automationPausedMail(
  to: string,
  pause: { personaId: string; personaName: string; message: string },
  appUrl: string,
): MailMessage {
  return notice(
    to,
    `${pause.personaName}'s automation is paused`,
    [`Plume paused ${pause.personaName}'s automation: ${pause.message}`, PAUSE_EFFECT],
    { label: 'Review and resume', url: `${appUrl}/editor/${pause.personaId}?tab=automation` },
  );
}

export function weeklySummaryMail(
  to: string,
  week: { from: Date; to: Date; personas: { name: string; posted: number; failed: number; upcoming: number }[] },
  appUrl: string,
): MailMessage {
  const total = week.personas.reduce((sum, p) => sum + p.posted, 0);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const lines = week.personas.map(
    (p) =>
      `${p.name}: ${p.posted} published${p.failed ? `, ${p.failed} not published` : ''}, ${p.upcoming} scheduled for the coming week`,
  );
  return notice(
    to,
    `Your Plume week: ${total} ${total === 1 ? 'post' : 'posts'} published`,
    [`From ${day(week.from)} to ${day(new Date(week.to.getTime() - 1))} (UTC):`, lines.join('\n')],
    { label: 'Open your dashboard', url: `${appUrl}/dashboard` },
  );
}

/** A plain-text e-mail and its HTML twin about the account itself (sent whatever the notification choices). */
function accountMail(
  to: string,
  subject: string,
  paragraphs: string[],
  link: { label: string; url: string },
): MailMessage {
  const text = [...paragraphs, `${link.label}: ${link.url}`].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
  ].join('');
  return { to, subject, text, html, url: link.url };
}

/** The user's data export is ready (issue 34): where to download it, and until when. */
export function dataExportReadyMail(to: string, download: { url: string; expiresAt: Date; days: number }): MailMessage {
  return accountMail(
    to,
    'Your Plume data is ready to download',
    [
      'Hello,',
      `The export of your Plume data you asked for is ready: one zip archive with your personas and their versions, posts and how they went, sources, metrics, notifications and settings. A README inside says what each file holds.`,
      `Download it while signed in to Plume, before ${download.expiresAt.toUTCString()} (${download.days} days); after that it is deleted and you can ask for a new one in Account settings.`,
    ],
    { label: 'Download your data', url: download.url },
  );
}

/** The confirmation of an account deletion (issue 34): the one link that deletes, and what it deletes. */
export function accountDeletionMail(to: string, confirm: { url: string; minutes: number }): MailMessage {
  return accountMail(
    to,
    'Confirm the deletion of your Plume account',
    [
      'Hello,',
      'Someone signed in to your Plume account asked to delete it. If that was you, open the link below and confirm: your personas, posts, sources, metrics, notifications, images and settings are deleted for good, your connected X and Bluesky accounts are disconnected, and every session is signed out. This cannot be undone.',
      `The link works once and expires in ${confirm.minutes} minutes. If you did not ask for this, ignore this e-mail and consider signing out your other sessions in Account settings, Security.`,
    ],
    { label: 'Delete my account', url: confirm.url },
  );
}

export function approvalWaitingMail(
  to: string,
  waiting: { posts: number; content: string },
  appUrl: string,
): MailMessage {
  const many = waiting.posts === 1 ? 'A post waits' : `${waiting.posts} posts wait`;
  return notice(
    to,
    `${many} for your approval on Plume`,
    [`${many} for your approval: nothing goes out until an approver approves it.`, excerpt(waiting.content)],
    { label: 'Open the review queue', url: `${appUrl}/calendar` },
  );
}

export function workspaceInviteMail(
  to: string,
  invite: { workspace: string; inviter: string; role: string; url: string; days: number },
): MailMessage {
  return accountMail(
    to,
    `${invite.inviter} invited you to ${invite.workspace} on Plume`,
    [
      'Hello,',
      `${invite.inviter} invited you to join the workspace “${invite.workspace}” on Plume as ${invite.role}. Open the link below to join; if you have no Plume account yet, you sign in with this address and land in the workspace.`,
      `The invitation expires in ${invite.days} days. If you did not expect it, ignore this e-mail.`,
    ],
    { label: `Join ${invite.workspace}`, url: invite.url },
  );
}
