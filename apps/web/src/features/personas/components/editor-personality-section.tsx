import {
  archetype,
  PERSONALITY_PRESETS,
  stylePreview,
  TRAIT_MEANINGS,
  type TraitKey,
  type Traits,
  traitLabel,
  traitLevel,
} from '@plume/core';
import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';
import { Section } from '../../../components/ui/section';
import { TraitSlider } from '../../../components/ui/trait-slider';

const groups: { title: string; traits: TraitKey[] }[] = [
  { title: 'Core Personality', traits: ['humor', 'sarcasm', 'tone', 'professionalism'] },
  { title: 'Communication Style', traits: ['optimism', 'technicality', 'controversial', 'engagement'] },
  { title: 'Content Presentation', traits: ['emoji'] },
];

function describe(trait: TraitKey, value: number): string {
  const named = trait === 'humor' || trait === 'sarcasm' || trait === 'tone' ? traitLabel(trait, value) : null;
  return named ? `${traitLevel(value)} · ${named}` : traitLevel(value);
}

export function PersonalitySection({
  traits,
  onChange,
  liveSample,
}: {
  traits: Traits;
  onChange(traits: Traits): void;
  /** The Live Sample Content box, composed by the app layer. */
  liveSample?: ReactNode;
}) {
  const label = archetype(traits);
  return (
    <Section title="Personality" description="Start from a preset, then tune the nine sliders.">
      <ul className="grid gap-2 sm:grid-cols-3" aria-label="Presets">
        {PERSONALITY_PRESETS.map((preset) => {
          const active = JSON.stringify(preset.traits) === JSON.stringify(traits);
          return (
            <li key={preset.id}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onChange({ ...preset.traits })}
                className={cn(
                  'h-full w-full rounded-xl border p-3 text-left text-sm transition-colors',
                  active
                    ? 'border-violet-600 bg-violet-50 dark:bg-violet-950'
                    : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
                )}
              >
                <span className="font-medium">
                  <span aria-hidden="true">{preset.emoji}</span> {preset.name}
                </span>
                <span className="mt-0.5 block text-slate-600 dark:text-slate-400">{preset.description}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="rounded-xl bg-violet-50 px-4 py-3 dark:bg-violet-950/60">
        <p aria-live="polite">
          Archetype: <strong data-testid="archetype">{label}</strong>
        </p>
        <h3 className="mt-2 text-sm font-semibold">Style preview</h3>
        <ul className="mt-1 grid gap-x-4 gap-y-0.5 text-sm sm:grid-cols-2" data-testid="style-preview">
          {stylePreview(traits).map((line) => (
            <li key={line.trait} className={cn(line.level === 'Balanced' && 'text-slate-600 dark:text-slate-400')}>
              <span className="font-medium">{line.name}:</span> {line.text}
            </li>
          ))}
        </ul>
      </div>
      {liveSample}
      {groups.map((group) => (
        <fieldset key={group.title} className="space-y-3">
          <legend className="text-sm font-semibold text-slate-700 dark:text-slate-300">{group.title}</legend>
          {group.traits.map((trait) => (
            <TraitSlider
              key={trait}
              label={TRAIT_MEANINGS[trait].name}
              value={traits[trait]}
              valueText={`${traits[trait]} · ${describe(trait, traits[trait])}`}
              onChange={(value) => onChange({ ...traits, [trait]: value })}
            />
          ))}
        </fieldset>
      ))}
    </Section>
  );
}
