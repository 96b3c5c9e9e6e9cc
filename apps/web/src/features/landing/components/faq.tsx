import { MONEY_BACK_DAYS } from '@plume/core';
import { useId, useState } from 'react';
import { cn } from '../../../components/ui/cn';
import { SectionHeading } from './section-heading';

const QUESTIONS = [
  {
    q: 'Does anything get posted without my say-so?',
    a: 'No. Every post the AI writes waits in your review queue until you approve it. Auto-posting is optional and off until you turn it on for a persona, and even then its safety limits — a daily cap and cooldowns — apply.',
  },
  {
    q: 'Which platforms can I post to?',
    a: 'X and Bluesky today. Threads, Mastodon, LinkedIn, Instagram and Facebook are coming soon. Your persona can also read ideas from RSS feeds, subreddits and websites.',
  },
  {
    q: 'Do I need my own AI key?',
    a: 'No. Plume writes with the model its server is set up with, and without one its offline composer still writes in your persona’s voice. You can bring your own OpenAI, Anthropic or compatible model in Global Settings; your key is encrypted and never sent back to the browser.',
  },
  {
    q: 'How long does setup take?',
    a: 'About 3 minutes: sign in with your e-mail or X, set a persona’s sliders, connect an account and review your first posts. No credit card needed.',
  },
  {
    q: 'Can I cancel or get a refund?',
    a: `Yes. You can stop a paid plan at any time, and paid plans carry a ${MONEY_BACK_DAYS}-day money-back guarantee: if Plume is not for you, write to support within ${MONEY_BACK_DAYS} days for a full refund.`,
  },
  {
    q: 'Who can see my personas?',
    a: 'Only you. A persona appears on this page (as persona of the day or in the live feed) only if you turn on “Show on the Plume landing page” in its editor, and you can turn it off at any time.',
  },
] as const;

/** An accordion that keeps one answer open at a time. */
export function FaqSection() {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();
  return (
    <section aria-labelledby="faq-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions, answered" />
        <div className="mt-12 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {QUESTIONS.map((item, i) => {
            const expanded = open === i;
            const buttonId = `${baseId}-q${i}`;
            const panelId = `${baseId}-a${i}`;
            return (
              <div key={item.q}>
                <h3>
                  <button
                    id={buttonId}
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : i)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-violet-500 dark:hover:bg-slate-800/60"
                  >
                    {item.q}
                    <span
                      aria-hidden="true"
                      className={cn(
                        'shrink-0 text-xl text-violet-700 transition-transform dark:text-violet-300',
                        expanded && 'rotate-45',
                      )}
                    >
                      +
                    </span>
                  </button>
                </h3>
                <section
                  id={panelId}
                  aria-labelledby={buttonId}
                  hidden={!expanded}
                  className="px-5 pb-5 text-slate-700 dark:text-slate-300"
                >
                  {item.a}
                </section>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
