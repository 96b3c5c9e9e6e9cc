import {
  DEMO_ROTATION_MS,
  DEMO_STEP_COUNT,
  type LandingMetrics,
  PLATFORMS,
  type Platform,
  platformLabel,
} from '@plume/core';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { TraitSlider } from '../../../components/ui/trait-slider';
import { useGenerateDemoSample } from '../api/generate-demo-sample';
import { useRotation } from '../hooks/use-rotation';
import { SectionHeading } from './section-heading';

const STEPS = [
  { title: 'Design your persona', text: 'Set its voice with personality sliders.' },
  { title: 'Generate content', text: 'Preview posts in that voice, live.' },
  { title: 'Track growth', text: 'See what each platform brings.' },
] as const;

type Voice = { humor: number; sarcasm: number };

/** The spec's trait words: humour under 30 Dry, over 70 Wacky; sarcasm under 30 Light, over 70 Heavy. */
const humorWord = (v: number) => (v < 30 ? 'Dry' : v > 70 ? 'Wacky' : 'Balanced');
const sarcasmWord = (v: number) => (v < 30 ? 'Light' : v > 70 ? 'Heavy' : 'Balanced');

// More air above the slider than in the editor, and a lighter accent on the landing's dark background.
const landingSlider = '[&_input]:mt-2 [&_input]:dark:accent-violet-400';

function DesignStep({ voice, onChange }: { voice: Voice; onChange(voice: Voice): void }) {
  return (
    <div className="grid gap-6 sm:grid-cols-[1fr_14rem] sm:items-center">
      <div className="space-y-5">
        <TraitSlider
          label="Humor"
          value={voice.humor}
          valueText={`${voice.humor} · ${humorWord(voice.humor)}`}
          onChange={(humor) => onChange({ ...voice, humor })}
          className={landingSlider}
        />
        <TraitSlider
          label="Sarcasm"
          value={voice.sarcasm}
          valueText={`${voice.sarcasm} · ${sarcasmWord(voice.sarcasm)}`}
          onChange={(sarcasm) => onChange({ ...voice, sarcasm })}
          className={landingSlider}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Seven more sliders — tone, professionalism, optimism, technicality, controversy, emoji and engagement — wait
          in the editor.
        </p>
      </div>
      <div className="rounded-xl border border-violet-200 bg-violet-50 p-4 text-center dark:border-violet-800 dark:bg-violet-950/50">
        <img src="/favicon.svg" alt="" className="mx-auto h-14 w-14" />
        <p className="mt-3 font-semibold">Your persona</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {humorWord(voice.humor)} humor, {sarcasmWord(voice.sarcasm).toLowerCase()} sarcasm
        </p>
      </div>
    </div>
  );
}

function GenerateStep({ voice, onGenerate }: { voice: Voice; onGenerate(): void }) {
  const sample = useGenerateDemoSample();
  const statusId = useId();
  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center gap-3">
          <img src="/favicon.svg" alt="" className="h-10 w-10" />
          <div className="text-sm">
            <p className="font-semibold">Your persona</p>
            <p className="text-slate-600 dark:text-slate-400">
              Humor {voice.humor} · Sarcasm {voice.sarcasm}
            </p>
          </div>
        </div>
        <div id={statusId} aria-live="polite" className="mt-3 min-h-[4.5rem] text-base">
          {sample.isPending ? (
            <p className="text-slate-600 dark:text-slate-400">Writing...</p>
          ) : sample.isError ? (
            <p className="text-red-700 dark:text-red-300">{sample.error.message}</p>
          ) : sample.data ? (
            <>
              <p data-testid="demo-sample" className="whitespace-pre-wrap">
                {sample.data.text}
              </p>
              <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                {sample.data.writer === 'offline'
                  ? 'Written just now by the offline composer (no AI provider is set on this server).'
                  : 'Written just now by an AI model. Nothing is kept.'}
              </p>
            </>
          ) : (
            <p className="text-slate-600 dark:text-slate-400">
              Press Generate to write a real sample post in this voice.
            </p>
          )}
        </div>
      </div>
      <Button
        onClick={() => {
          onGenerate();
          sample.mutate({ traits: voice });
        }}
        disabled={sample.isPending}
        aria-describedby={statusId}
      >
        {sample.isPending ? 'Generating...' : 'Generate'}
      </Button>
    </div>
  );
}

const COMING_SOON_BARS = ['Threads', 'Mastodon', 'LinkedIn'] as const;
const BAR_COLORS: Record<Platform, string> = {
  x: 'bg-slate-900 dark:bg-slate-100',
  bluesky: 'bg-sky-600 dark:bg-sky-400',
};

/** Real posts published through Plume per platform (from the public metrics); the rest are coming. */
function TrackStep({ metrics, failed }: { metrics: LandingMetrics | undefined; failed: boolean }) {
  const counts = metrics?.postsByPlatform ?? { x: 0, bluesky: 0 };
  const max = Math.max(1, counts.x, counts.bluesky);
  const bars = PLATFORMS.map((p) => ({ name: platformLabel(p), value: counts[p], color: BAR_COLORS[p] }));
  return (
    <figure>
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">
        Posts published through Plume, by platform{metrics ? '' : failed ? ' (could not be loaded)' : ' (loading)'}
      </figcaption>
      <ul className="mt-4 space-y-3" data-testid="platform-chart">
        {bars.map((bar) => (
          <li key={bar.name} className="grid grid-cols-[5.5rem_1fr_3.5rem] items-center gap-3 text-sm">
            <span className="font-medium">{bar.name}</span>
            <span className="h-4 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" aria-hidden="true">
              <span
                className={cn('block h-full rounded-full transition-[width] duration-700', bar.color)}
                style={{ width: `${Math.max(2, (bar.value / max) * 100)}%` }}
              />
            </span>
            <span className="text-right tabular-nums">{metrics ? bar.value.toLocaleString('en-US') : '–'}</span>
          </li>
        ))}
        {COMING_SOON_BARS.map((name) => (
          <li key={name} className="grid grid-cols-[5.5rem_1fr_3.5rem] items-center gap-3 text-sm">
            <span className="text-slate-700 dark:text-slate-300">{name}</span>
            <span
              className="h-4 rounded-full border border-dashed border-slate-400 dark:border-slate-600"
              aria-hidden="true"
            />
            <span className="text-right text-xs text-slate-600 dark:text-slate-400">Soon</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Live figures: every post Plume has published, counted by platform.
      </p>
    </figure>
  );
}

/** How it works: a 3-step demo that moves on every 5 s until a step is picked by hand. */
export function HowItWorks({ metrics, failed }: { metrics: LandingMetrics | undefined; failed: boolean }) {
  const [paused, setPaused] = useState(false);
  const [step, setStep] = useRotation(DEMO_STEP_COUNT, DEMO_ROTATION_MS, !paused);
  const [voice, setVoice] = useState<Voice>({ humor: 75, sarcasm: 60 });
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const pick = (index: number) => {
    setPaused(true);
    setStep(index);
  };
  // Arrow keys move between the steps, as in any tab list.
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next: number | undefined;
    if (event.key in moves) next = (step + (moves[event.key] ?? 0) + DEMO_STEP_COUNT) % DEMO_STEP_COUNT;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = DEMO_STEP_COUNT - 1;
    if (next === undefined) return;
    event.preventDefault();
    pick(next);
    tabs.current[next]?.focus();
  };
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="From first idea to growing audience in three steps"
          lead="Try it here: move the sliders, then let the persona write."
        />
        <div className="mt-12 grid gap-6 lg:grid-cols-[20rem_1fr]">
          <div role="tablist" aria-label="Demo steps" aria-orientation="vertical" className="flex flex-col gap-2">
            {STEPS.map((s, i) => (
              <button
                key={s.title}
                ref={(el) => {
                  tabs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${i}`}
                aria-selected={step === i}
                aria-controls={`${baseId}-panel`}
                tabIndex={step === i ? 0 : -1}
                onClick={() => pick(i)}
                onKeyDown={onKeyDown}
                className={cn(
                  'flex items-start gap-3 rounded-xl border p-4 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500',
                  step === i
                    ? 'border-violet-400 bg-violet-50 dark:border-violet-600 dark:bg-violet-950/60'
                    : 'border-slate-200 bg-white hover:border-violet-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-violet-700',
                )}
              >
                <span
                  className={cn(
                    'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                    step === i
                      ? 'bg-violet-700 text-white'
                      : 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
                  )}
                >
                  {i + 1}
                </span>
                <span>
                  <span className="block font-semibold">{s.title}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">{s.text}</span>
                </span>
              </button>
            ))}
            <p className="px-1 text-xs text-slate-600 dark:text-slate-400">
              {paused ? 'Paused: you picked a step.' : 'Moves on every 5 seconds. Pick a step to stay on it.'}
            </p>
          </div>
          <div
            id={`${baseId}-panel`}
            role="tabpanel"
            aria-labelledby={`${baseId}-tab-${step}`}
            className="rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900/60"
          >
            <h3 className="mb-5 text-lg font-semibold">
              Step {step + 1}: {STEPS[step]?.title}
            </h3>
            {step === 0 && (
              <DesignStep
                voice={voice}
                onChange={(next) => {
                  setPaused(true);
                  setVoice(next);
                }}
              />
            )}
            {step === 1 && <GenerateStep voice={voice} onGenerate={() => setPaused(true)} />}
            {step === 2 && <TrackStep metrics={metrics} failed={failed} />}
          </div>
        </div>
      </div>
    </section>
  );
}
