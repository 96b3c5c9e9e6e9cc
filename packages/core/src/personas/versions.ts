import { z } from 'zod';
import type { Persona } from './persona';
import { TRAIT_KEYS } from './traits';

export const personaVersionSchema = z
  .object({ versionId: z.uuid(), createdAt: z.iso.datetime({ offset: true }), summary: z.string() })
  .meta({ id: 'PersonaVersion' });
export type PersonaVersion = z.infer<typeof personaVersionSchema>;
export const personaVersionListSchema = z.array(personaVersionSchema);
export const rollbackRequestSchema = z
  .object({ versionId: z.uuid('must be a version id') })
  .meta({ id: 'RollbackRequest' });

const ROLLED_BACK = 'Rolled back to the version of ';

/** A rollback's summary. It names the restored version by its instant, which each reader sees in their own zone. */
export const rollbackSummary = (restoredVersionAt: Date) => `${ROLLED_BACK}${restoredVersionAt.toISOString()}`;

/** A version's summary as people read it: the instant a rollback names, as `formatInstant` shows it. */
export function readableSummary(summary: string, formatInstant: (iso: string) => string): string {
  const iso = summary.startsWith(ROLLED_BACK) ? summary.slice(ROLLED_BACK.length) : null;
  return iso && !Number.isNaN(Date.parse(iso)) ? `${ROLLED_BACK}${formatInstant(iso)}` : summary;
}

const labels: [keyof Persona, string][] = [
  ['bio', 'bio'],
  ['avatar', 'avatar'],
  ['languages', 'languages'],
  ['automation', 'automation'],
  ['sources', 'content sources'],
  ['templates', 'strategies'],
  ['advanced_options', 'advanced options'],
  ['tags', 'tags'],
  ['is_public', 'landing page visibility'],
  ['require_alt_text', 'alt text rule'],
  ['custom_prompt', 'custom prompt'],
  ['use_default_prompt', 'generation mode'],
  ['monetization', 'monetization'],
  ['setup_complete', 'setup'],
];

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A one-line summary of what changed between two snapshots of a persona. */
export function describeChanges(before: Persona, after: Persona): string {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`renamed to "${after.name}"`);
  const traits = TRAIT_KEYS.filter((k) => before.personality[k] !== after.personality[k]).map(
    (k) => `${k} ${before.personality[k]}→${after.personality[k]}`,
  );
  if (traits.length > 0) parts.push(`traits (${traits.join(', ')})`);
  if (before.is_active !== after.is_active) parts.push(after.is_active ? 'activated' : 'paused');
  const other = labels.filter(([key]) => !same(before[key], after[key])).map(([, label]) => label);
  if (other.length > 0) parts.push(other.join(', '));
  if (parts.length === 0) return 'Saved without changes';
  const line = parts.join('; ');
  const sentence = line.charAt(0).toUpperCase() + line.slice(1);
  return sentence.length > 200 ? `${sentence.slice(0, 199)}…` : sentence;
}
