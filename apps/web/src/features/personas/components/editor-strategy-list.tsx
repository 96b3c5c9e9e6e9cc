import { MAX_STRATEGIES, newStrategy, parseExamples, type Strategy, strategyShares } from '@plume/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { inputClass } from '../../../components/ui/input-class';
import { Section } from '../../../components/ui/section';
import { Switch } from '../../../components/ui/switch';
import { TraitSlider } from '../../../components/ui/trait-slider';
import { badgeClass, rowActionsClass, rowHeaderClass } from './editor-source-list';

function StrategyEditForm({
  strategy,
  onSave,
  onCancel,
}: {
  strategy: Strategy;
  onSave(next: Strategy): void;
  onCancel(): void;
}) {
  const ids = { name: useId(), description: useId(), prompt: useId(), examples: useId() };
  const [name, setName] = useState(strategy.name);
  const [description, setDescription] = useState(strategy.description);
  const [prompt, setPrompt] = useState(strategy.prompt);
  const [weight, setWeight] = useState(strategy.weight);
  const [examples, setExamples] = useState(strategy.examples.join('\n'));
  const [tried, setTried] = useState(false);
  const parsed = parseExamples(examples);
  const nameError = name.trim() === '' ? 'Strategy name is required' : null;
  const examplesError =
    parsed.length > 20
      ? 'At most 20 examples'
      : parsed.some((e) => e.length > 500)
        ? 'Each example must be at most 500 characters'
        : null;

  const save = () => {
    setTried(true);
    if (nameError || examplesError) return;
    onSave({
      ...strategy,
      name: name.trim(),
      description: description.trim(),
      prompt: prompt.trim(),
      weight,
      examples: parsed,
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      className="mt-3 space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800"
    >
      <div className="space-y-1">
        <label htmlFor={ids.name} className="block text-sm font-medium">
          Strategy name
        </label>
        <input
          id={ids.name}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={tried && nameError !== null}
          className={inputClass}
        />
        {tried && nameError && <p className="text-sm text-red-700 dark:text-red-300">{nameError}</p>}
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.description} className="block text-sm font-medium">
          Description
        </label>
        <input
          id={ids.description}
          value={description}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
          className={inputClass}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.prompt} className="block text-sm font-medium">
          Prompt
        </label>
        <textarea
          id={ids.prompt}
          rows={3}
          value={prompt}
          maxLength={2000}
          onChange={(e) => setPrompt(e.target.value)}
          className={inputClass}
        />
      </div>
      <TraitSlider label="Weight" min={1} max={10} value={weight} onChange={setWeight} />
      <div className="space-y-1">
        <label htmlFor={ids.examples} className="block text-sm font-medium">
          Examples (one per line)
        </label>
        <textarea
          id={ids.examples}
          rows={3}
          value={examples}
          onChange={(e) => setExamples(e.target.value)}
          aria-invalid={tried && examplesError !== null}
          className={inputClass}
        />
        {tried && examplesError && <p className="text-sm text-red-700 dark:text-red-300">{examplesError}</p>}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Save</Button>
      </div>
    </form>
  );
}

function StrategyRow({
  strategy,
  share,
  startEditing,
  onChange,
  onRemove,
}: {
  strategy: Strategy;
  share: number | undefined;
  startEditing: boolean;
  onChange(next: Strategy): void;
  onRemove(): void;
}) {
  const [editing, setEditing] = useState(startEditing);
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" aria-label={strategy.name}>
      <div className={rowHeaderClass}>
        <Switch
          checked={strategy.enabled}
          onCheckedChange={(enabled) => onChange({ ...strategy, enabled })}
          label={`Use ${strategy.name}`}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium [overflow-wrap:anywhere]">{strategy.name}</span>
            <span
              className={cn(
                badgeClass,
                strategy.enabled
                  ? 'bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100'
                  : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
              )}
            >
              Weight {strategy.weight}
              {share !== undefined && ` · ${share}% of posts`}
            </span>
          </div>
          {strategy.description && (
            <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">{strategy.description}</p>
          )}
          {strategy.examples.length > 0 && (
            <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
              {strategy.examples.length} {strategy.examples.length === 1 ? 'example' : 'examples'}
            </p>
          )}
        </div>
        {!editing && (
          <div className={rowActionsClass}>
            <Button
              variant="ghost"
              className="px-3"
              aria-label={`Edit ${strategy.name}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button variant="ghost" className="px-3" aria-label={`Remove ${strategy.name}`} onClick={onRemove}>
              Remove
            </Button>
          </div>
        )}
      </div>
      {editing && (
        <StrategyEditForm
          strategy={strategy}
          onCancel={() => setEditing(false)}
          onSave={(next) => {
            onChange(next);
            setEditing(false);
          }}
        />
      )}
    </li>
  );
}

export function StrategyList({
  strategies,
  onChange,
}: {
  strategies: Strategy[];
  onChange(strategies: Strategy[]): void;
}) {
  // The strategy just added opens in edit mode.
  const [added, setAdded] = useState<string | null>(null);
  const shares = strategyShares(strategies);
  const full = strategies.length >= MAX_STRATEGIES;
  return (
    <Section
      title="Content strategies"
      description="Kinds of post this persona writes; a higher weight means more posts of that kind."
    >
      {strategies.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
          No strategies yet. Add one to say what kind of posts this persona writes.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Content strategies">
          {strategies.map((strategy) => (
            <StrategyRow
              key={strategy.id}
              strategy={strategy}
              share={shares.get(strategy.id)}
              startEditing={strategy.id === added}
              onChange={(next) => onChange(strategies.map((s) => (s.id === next.id ? next : s)))}
              onRemove={() => onChange(strategies.filter((s) => s.id !== strategy.id))}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={full}
          onClick={() => {
            const strategy = newStrategy(crypto.randomUUID());
            setAdded(strategy.id);
            onChange([...strategies, strategy]);
          }}
        >
          Add Strategy
        </Button>
        {full && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            A persona can have at most {MAX_STRATEGIES} strategies.
          </p>
        )}
      </div>
    </Section>
  );
}
