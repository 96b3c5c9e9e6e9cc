import { MONEY_BACK_DAYS, SUPPORT_EMAIL } from '@plume/core';
import { type ReactNode, useEffect } from 'react';
import { paths } from '../../../config/paths';
import { Link } from '../../../lib/navigation';
import { LandingFooter } from './landing-footer';
import { TopBar } from './top-bar';

const UPDATED = '23 November 2026';

function Mail() {
  return (
    <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-violet-700 underline dark:text-violet-300">
      {SUPPORT_EMAIL}
    </a>
  );
}

function LegalLayout({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} — Plume`;
  }, [title]);
  return (
    <div className="min-h-screen">
      <TopBar onLanding={false} />
      <main id="main" className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <p className="text-sm font-semibold tracking-wide text-violet-700 uppercase dark:text-violet-300">Legal</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Last updated {UPDATED}</p>
        <div className="mt-6 text-lg text-slate-700 dark:text-slate-300">{intro}</div>
        <div className="mt-10 space-y-10 text-slate-700 dark:text-slate-300 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_li]:mt-2 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
          {children}
        </div>
        <p className="mt-12">
          <Link to={paths.home} className="font-medium text-violet-700 underline dark:text-violet-300">
            Back to the Plume home page
          </Link>
        </p>
      </main>
      <LandingFooter />
    </div>
  );
}

/** /privacy-policy/: what Plume keeps, why, and what you can do about it. */
export function PrivacyPolicyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <p>
          Plume is a studio for AI personas that write and post on social media for you. This policy explains what we
          collect when you use Plume, why, who we share it with and the choices you have. In short: we keep what the
          product needs to work, we never sell your data, and secrets such as account tokens and API keys are encrypted.
        </p>
      }
    >
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> your e-mail address, or your X name and profile picture when you sign in
            with X, and the time you joined.
          </li>
          <li>
            <strong>Sessions:</strong> a session cookie that keeps you signed in, with the IP address and browser it was
            created from, so you and we can spot sign-ins you do not recognise.
          </li>
          <li>
            <strong>What you create:</strong> personas and their settings, content sources (feed and website addresses),
            drafts, conversations with a persona, scheduled and published posts, tags and preferences such as your time
            zone.
          </li>
          <li>
            <strong>Connected accounts:</strong> when you connect X or Bluesky, the account’s handle, follower count and
            the access tokens needed to post for you. Tokens are encrypted at rest (AES-256-GCM) and never sent to your
            browser.
          </li>
          <li>
            <strong>AI settings:</strong> the provider and model you choose and, if you enter one, your API key,
            encrypted in the same way and never shown again.
          </li>
          <li>
            <strong>Waitlist:</strong> the e-mail address you give us to join the early-access list.
          </li>
          <li>
            <strong>Your theme:</strong> light or dark, kept in your browser’s storage, not on our servers.
          </li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <ul>
          <li>
            To run Plume: sign you in, write posts in your persona’s voice, publish and schedule them, and show your
            analytics.
          </li>
          <li>To keep it safe: rate limits, abuse prevention and security logs.</li>
          <li>
            To write to you: sign-in links, and one message when your early access is ready if you joined the waitlist.
          </li>
          <li>
            For aggregate figures on our home page, such as the number of posts published and active users. These counts
            never name you.
          </li>
        </ul>
        <p>We do not sell your data, show you ads, or train AI models on your content.</p>
      </section>
      <section>
        <h2>What is public</h2>
        <p>
          Nothing, unless you choose. A persona appears on our home page — as persona of the day, with its name, avatar,
          bio, personality sliders, published posts and follower count — only if you turn on “Show on the Plume landing
          page” in its editor. Turn it off and it disappears from the page at once (copies cached by browsers expire
          within minutes). Posts you publish to X or Bluesky are, of course, public on those platforms.
        </p>
      </section>
      <section>
        <h2>Who we share it with</h2>
        <ul>
          <li>
            <strong>X and Bluesky</strong>, when you connect an account and ask Plume to post, reply, like or follow for
            you.
          </li>
          <li>
            <strong>Your AI provider</strong> (for example OpenAI or Anthropic), which receives the persona settings and
            prompts needed to write each post. Without a provider, the offline composer writes on our servers and
            nothing is sent.
          </li>
          <li>
            <strong>Websites you add as sources</strong>, which see our server fetch their feeds or pages.
          </li>
          <li>
            <strong>Our e-mail provider</strong>, to deliver sign-in links.
          </li>
          <li>Authorities, only when the law requires it.</li>
        </ul>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <p>
          Your account data stays while your account exists. Expired sessions, used sign-in links and abandoned
          connection attempts are deleted automatically within hours. Deleting a persona deletes its settings, history,
          drafts and posts records. When you ask us to close your account, we delete everything within 30 days, apart
          from what the law requires us to keep.
        </p>
      </section>
      <section>
        <h2>Your choices and rights</h2>
        <ul>
          <li>Export any persona as a JSON file from its editor, and delete personas at any time.</li>
          <li>Disconnect X or Bluesky from a persona; we then delete its tokens.</li>
          <li>Remove your AI key from Global Settings.</li>
          <li>
            Ask for a copy of your data, its correction or its deletion, or leave the waitlist, by writing to <Mail />.
            Depending on where you live (for example under the GDPR or the CCPA) you may also object to processing or
            complain to your data protection authority.
          </li>
        </ul>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>
          Plume uses one cookie of its own: the session cookie that keeps you signed in (HttpOnly, SameSite=Lax). We use
          no advertising or tracking cookies.
        </p>
      </section>
      <section>
        <h2>Children</h2>
        <p>Plume is not meant for anyone under 16, and we do not knowingly collect their data.</p>
      </section>
      <section>
        <h2>Changes and contact</h2>
        <p>
          If we change this policy in a way that matters, we will say so in the app or by e-mail before it applies.
          Questions? Write to <Mail />.
        </p>
      </section>
    </LegalLayout>
  );
}

/** /terms-of-service/: the agreement for using Plume. */
export function TermsOfServicePage() {
  return (
    <LegalLayout
      title="Terms of Service"
      intro={
        <p>
          These terms are the agreement between you and Plume when you use our website and app. By creating an account
          or using Plume you accept them. If you use Plume for an organisation, you accept them on its behalf.
        </p>
      }
    >
      <section>
        <h2>Your account</h2>
        <p>
          You must be at least 16 and give us an e-mail address or X account you control. Keep access to it safe: what
          happens under your account is your responsibility. Tell us at <Mail /> if you think someone else has used it.
        </p>
      </section>
      <section>
        <h2>What Plume does</h2>
        <p>
          Plume helps you design AI personas, write posts in their voice, and publish, schedule and engage on connected
          social accounts (X and Bluesky today). Features marked “coming soon” are not yet available, and we may change
          or retire features as the product grows.
        </p>
      </section>
      <section>
        <h2>You stay responsible for what you post</h2>
        <p>
          AI-written text can be wrong, dated or unsuitable. Posts wait for your review unless you turn on automatic
          publishing for a persona; either way, what your personas publish is your content and your responsibility.
          Follow the rules of every platform you connect, including their automation and disclosure policies.
        </p>
      </section>
      <section>
        <h2>Acceptable use</h2>
        <p>You agree not to use Plume to:</p>
        <ul>
          <li>send spam, run fake engagement or manipulate conversations at scale;</li>
          <li>
            impersonate a real person or organisation without their permission, or mislead people about who is posting;
          </li>
          <li>publish content that is illegal, harassing, hateful, or that infringes others’ rights;</li>
          <li>get around rate limits, probe or attack our systems, or use another person’s account.</li>
        </ul>
        <p>We may pause automation, remove content from our home page, or suspend accounts that break these rules.</p>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          You own what you create in Plume. You give us permission to store, process and send it only as needed to run
          the service for you — for example, to your AI provider to write a post, or to X or Bluesky to publish it —
          and, if you turn on “Show on the Plume landing page” for a persona, to show it on our home page until you turn
          it off.
        </p>
      </section>
      <section>
        <h2>Third-party services</h2>
        <p>
          X, Bluesky, AI providers and the websites you add as sources are run by others under their own terms. We are
          not responsible for their availability or their decisions, such as limiting an account.
        </p>
      </section>
      <section>
        <h2>Plans, trials and refunds</h2>
        <ul>
          <li>Free Starter costs nothing. Paid plans are billed monthly in advance, in US dollars.</li>
          <li>Growth comes with a 7-day free trial and Professional with a 14-day free trial.</li>
          <li>
            Paid plans carry a {MONEY_BACK_DAYS}-day money-back guarantee: ask within {MONEY_BACK_DAYS} days of your
            first payment for a full refund.
          </li>
          <li>You can stop a paid plan at any time; it then runs to the end of the period already paid for.</li>
          <li>Enterprise plans are agreed with our sales team in writing.</li>
        </ul>
      </section>
      <section>
        <h2>Ending the agreement</h2>
        <p>
          You may stop using Plume and ask us to close your account at any time. We may suspend or end your access if
          you seriously or repeatedly break these terms, and will tell you why unless the law or safety prevents it.
        </p>
      </section>
      <section>
        <h2>Disclaimers and liability</h2>
        <p>
          We work hard to keep Plume running and your posts going out exactly once, but the service is provided “as is”,
          without guarantees that it will be uninterrupted or error-free. To the extent the law allows, Plume is not
          liable for indirect or consequential losses, such as lost followers or revenue, and our total liability is
          limited to what you paid us in the 12 months before the claim. Nothing here limits rights you have as a
          consumer that cannot be waived.
        </p>
      </section>
      <section>
        <h2>Changes and contact</h2>
        <p>
          We will tell you about material changes to these terms at least 14 days before they apply. Read how we handle
          your data in our{' '}
          <Link to={paths.privacyPolicy} className="font-medium text-violet-700 underline dark:text-violet-300">
            Privacy Policy
          </Link>
          . Questions? Write to <Mail />.
        </p>
      </section>
    </LegalLayout>
  );
}
