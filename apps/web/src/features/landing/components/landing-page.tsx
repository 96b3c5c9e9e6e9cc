import { HERO_ROTATION_MS, HERO_WORDS } from '@plume/core';
import { lazy, Suspense, useEffect } from 'react';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useMe } from '../../../lib/auth';
import { useRotation } from '../hooks/use-rotation';
import { LandingFooter } from './landing-footer';
import { PrimaryCta } from './primary-cta';
import { TopBar } from './top-bar';

// Everything below the hero arrives in a second file, so the first paint needs less script.
const LandingSections = lazy(() => import('./landing-sections'));

export const LANDING_TITLE = 'Plume — AI personas that write and grow your social presence';

function Hero() {
  const [index] = useRotation(HERO_WORDS.length, HERO_ROTATION_MS);
  const { data: user } = useMe();
  const word = HERO_WORDS[index];
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-[32rem] max-w-4xl rounded-full bg-gradient-to-br from-violet-400/40 via-fuchsia-300/20 to-sky-300/30 blur-3xl dark:from-violet-700/40 dark:via-fuchsia-700/20 dark:to-sky-700/20"
      />
      <div className="relative mx-auto max-w-4xl px-4 pt-20 pb-16 text-center sm:pt-28 sm:pb-24">
        <p className="inline-flex items-center gap-2 rounded-full border border-violet-200 bg-white/70 px-3 py-1 text-sm font-medium text-violet-800 dark:border-violet-800 dark:bg-violet-950/60 dark:text-violet-200">
          <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" />
          AI persona studio for X and Bluesky
        </p>
        <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          Give your brand a voice with{' '}
          <span className="block min-h-[1.2em] sm:mt-1">
            <span
              key={word}
              data-testid="hero-word"
              className={cn(
                'inline-block bg-gradient-to-r from-violet-700 to-fuchsia-600 bg-clip-text text-transparent dark:from-violet-300 dark:to-fuchsia-300',
                // With reduced motion the word still changes, without its animation.
                'motion-safe:animate-hero-word',
              )}
            >
              {word}
            </span>
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-700 dark:text-slate-300">
          Design a persona with nine personality sliders. Plume writes platform-ready posts in that voice, you review
          them, then post now or schedule them. Auto-posting is optional.
        </p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
          <PrimaryCta />
          <a href="#how-it-works" className={cn(buttonBase, buttonClasses.secondary, 'px-5 py-3 text-base')}>
            See how it works
          </a>
          <a href="#pricing" className={cn(buttonBase, buttonClasses.ghost, 'px-5 py-3 text-base')}>
            View pricing
          </a>
        </div>
        {!user && (
          <p className="mt-5 text-sm text-slate-600 dark:text-slate-400">
            About 3 minutes to set up · No credit card · Review everything before it goes live
          </p>
        )}
      </div>
    </section>
  );
}

/** The public landing page; also shown for any unknown path. */
export function LandingPage() {
  useEffect(() => {
    document.title = LANDING_TITLE;
  }, []);
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-violet-700 focus:px-3 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main">
        <Hero />
        <Suspense fallback={<div className="min-h-screen" aria-hidden="true" />}>
          <LandingSections />
        </Suspense>
      </main>
      <LandingFooter />
    </div>
  );
}
