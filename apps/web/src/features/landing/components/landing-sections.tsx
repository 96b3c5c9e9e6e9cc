import { COMING_SOON_PLATFORMS, PLATFORMS, platformLabel } from '@plume/core';
import { useEffect } from 'react';
import { useLandingMetrics } from '../api/get-metrics';
import { FaqSection } from './faq';
import { HowItWorks } from './how-it-works';
import { LiveFeedSection, MetricsSection, PersonaOfTheDaySection } from './live-sections';
import { PricingSection } from './pricing';
import { PrimaryCta } from './primary-cta';
import { SectionHeading } from './section-heading';
import { WaitlistForm } from './waitlist-form';

const FEATURES = [
  {
    icon: 'M4 6h10m4 0h2M4 12h4m4 0h8M4 18h12M16 4v4M10 10v4M18 16v4',
    title: 'Nine personality sliders',
    text: 'Humor, sarcasm, tone, optimism and more: a voice that stays the same across every post. Start from a preset or from scratch.',
  },
  {
    icon: 'M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z',
    title: 'Platform-ready writing',
    text: 'Short posts, jokes, advice, threads, observations and questions, each within X’s and Bluesky’s limits.',
  },
  {
    icon: 'M7 3v3m10-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
    title: 'Scheduling and a calendar',
    text: 'Post now, pick a time or add to the queue. Every post goes out exactly once, and a failed one is never lost.',
  },
  {
    icon: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z',
    title: 'Replies and engagement',
    text: 'Let a persona answer mentions, like and repost within daily limits and cooldowns you set.',
  },
  {
    icon: 'M5 11a8 8 0 0 1 8 8M5 5a14 14 0 0 1 14 14M6 19h.01',
    title: 'Ideas from your sources',
    text: 'Feed a persona RSS and Atom feeds, subreddits and websites; it writes about what is new.',
  },
  {
    icon: 'M4 20V10m6 10V4m6 16v-7m5 7H3',
    title: 'Analytics per persona',
    text: 'Followers, posts and what works, per persona and across all of them.',
  },
] as const;

const BENEFITS = [
  {
    title: 'You stay in control',
    text: 'Content waits for your review before it goes live. Auto-posting is optional, off until you say so.',
  },
  {
    title: 'Hours back every week',
    text: 'A week of posts in minutes, in a voice your audience recognises.',
  },
  {
    title: 'Ready in about 3 minutes',
    text: 'Sign in with e-mail or X, set the sliders, connect an account. No credit card.',
  },
  {
    title: 'Your keys stay yours',
    text: 'Account tokens and AI keys are encrypted on the server and never sent to the browser.',
  },
] as const;

function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-20 bg-slate-100/70 py-20 sm:py-24 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything a persona needs to grow"
          lead="One studio to design the voice, write the posts, publish them and see what works."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li
              key={f.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  className="h-6 w-6"
                >
                  <path d={f.icon} />
                </svg>
              </span>
              <h3 className="mt-4 font-semibold">{f.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{f.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <h3 className="text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
            Platforms
          </h3>
          <ul className="mt-4 flex flex-wrap justify-center gap-2" data-testid="platforms">
            {PLATFORMS.map(platformLabel).map((name) => (
              <li
                key={name}
                className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
              >
                {name} · Live
              </li>
            ))}
            {COMING_SOON_PLATFORMS.map((name) => (
              <li
                key={name}
                className="rounded-full border border-dashed border-slate-400 px-3 py-1 text-sm text-slate-700 dark:border-slate-600 dark:text-slate-300"
              >
                {name} · Coming soon
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function BenefitsSection() {
  return (
    <section aria-labelledby="benefits-title" className="bg-slate-100/70 py-20 sm:py-24 dark:bg-slate-900/40">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="benefits-title" eyebrow="Why Plume" title="Built for people who care how they sound" />
        <ul className="mt-14 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <li key={b.title}>
              <span aria-hidden="true" className="block h-1 w-10 rounded-full bg-violet-600 dark:bg-violet-400" />
              <h3 className="mt-4 font-semibold">{b.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{b.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ClosingCta() {
  return (
    <section id="early-access" aria-labelledby="cta-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-violet-800 via-violet-700 to-fuchsia-700 px-6 py-14 text-center text-white shadow-xl sm:px-12">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Ready to give your brand a voice?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-violet-50">
            Start now, or get early access to what is next: new platforms and team workspaces.
          </p>
          <div className="mt-8 flex justify-center">
            <PrimaryCta onColor />
          </div>
          <div className="mx-auto mt-12 max-w-md border-t border-white/20 pt-10">
            <h3 className="text-xl font-semibold">Get Early Access</h3>
            <div className="mt-4">
              <WaitlistForm />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The landing's sections below the hero, in the spec's order. */
export default function LandingSections() {
  const metrics = useLandingMetrics();
  // These sections arrive after the first paint: a link to one (/#pricing, /waitlist) is followed
  // now. (No router hook: the landing's first load has no router, decision 016.)
  useEffect(() => {
    const follow = () => {
      const { pathname, hash } = window.location;
      const target = pathname === '/waitlist' ? 'early-access' : hash.slice(1);
      if (target) document.getElementById(target)?.scrollIntoView();
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return (
    <>
      <HowItWorks metrics={metrics.data} failed={metrics.isError} />
      <PersonaOfTheDaySection />
      <LiveFeedSection />
      <MetricsSection metrics={metrics.data} pending={metrics.isPending} error={metrics.error} />
      <FeaturesSection />
      <PricingSection />
      <BenefitsSection />
      <FaqSection />
      <ClosingCta />
    </>
  );
}
