import type { AdvancedOptions } from '@plume/core';
import { useId, useState } from 'react';
import { inputClass } from '../../../components/ui/input-class';
import { Section } from '../../../components/ui/section';
import { Switch } from '../../../components/ui/switch';
import { TraitSlider } from '../../../components/ui/trait-slider';
import type { EditorDraft } from './editor-draft';

const toggles: { key: 'includeHashtags' | 'threadGeneration' | 'linkSharing'; label: string }[] = [
  { key: 'includeHashtags', label: 'Include hashtags' },
  { key: 'threadGeneration', label: 'Write threads' },
  { key: 'linkSharing', label: 'Share links' },
];

/** Max length as typed: a bad value shows an error and is never saved as 0. */
export function maxLengthError(value: string): string | null {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= 40 && n <= 400
    ? null
    : 'Max length must be a whole number from 40 to 400';
}

export function AdvancedSection({
  draft,
  onChange,
  onMaxLengthValid,
}: {
  draft: EditorDraft;
  onChange(next: Partial<EditorDraft>): void;
  onMaxLengthValid(valid: boolean): void;
}) {
  const altHintId = useId();
  // The persona's alt text rule: off, an image without alt text is warned of; on, a post with one is refused.
  const requireAlt = draft.require_alt_text;
  const setRequireAlt = (on: boolean) => onChange({ require_alt_text: on });
  const promptId = useId();
  const lengthId = useId();
  const lengthErrorId = useId();
  const [maxLength, setMaxLength] = useState(String(draft.advanced_options.maxLength));
  const options = draft.advanced_options;
  const setOption = (next: Partial<AdvancedOptions>) => onChange({ advanced_options: { ...options, ...next } });
  const lengthError = maxLengthError(maxLength);

  return (
    <Section title="Advanced" description="How posts are generated.">
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Generation mode</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="mode"
            checked={draft.use_default_prompt}
            onChange={() => onChange({ use_default_prompt: true })}
            className="accent-violet-700"
          />
          Default AI (built from the personality and sources)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="mode"
            checked={!draft.use_default_prompt}
            onChange={() => onChange({ use_default_prompt: false })}
            className="accent-violet-700"
          />
          Custom prompt
        </label>
        {!draft.use_default_prompt && (
          <div className="space-y-1">
            <label htmlFor={promptId} className="block text-sm font-medium">
              Custom prompt
            </label>
            <textarea
              id={promptId}
              rows={3}
              maxLength={200}
              value={draft.custom_prompt}
              onChange={(e) => onChange({ custom_prompt: e.target.value.replace(/[<>]/g, '') })}
              className={inputClass}
            />
            <p className="text-xs text-slate-600 dark:text-slate-400">{draft.custom_prompt.length} / 200</p>
          </div>
        )}
      </fieldset>
      <div className="space-y-3">
        {toggles.map((t) => (
          <div key={t.key} className="flex items-center gap-3">
            <Switch checked={options[t.key]} onCheckedChange={(on) => setOption({ [t.key]: on })} label={t.label} />
            <span className="text-sm">{t.label}</span>
          </div>
        ))}
        <div className="flex items-start gap-3">
          <Switch
            checked={requireAlt}
            onCheckedChange={setRequireAlt}
            label="Require alt text on images"
            describedBy={altHintId}
          />
          <span className="text-sm">
            Require alt text on images
            <span id={altHintId} className="block text-xs text-slate-600 dark:text-slate-400">
              {requireAlt
                ? 'A post with an image that has no alt text is not scheduled or posted.'
                : 'Off: an image without alt text is only warned of when you write the post.'}
            </span>
          </span>
        </div>
      </div>
      <TraitSlider
        label="Temperature"
        min={0.1}
        max={1}
        step={0.1}
        value={options.modelTemperature}
        valueText={options.modelTemperature.toFixed(1)}
        onChange={(value) => setOption({ modelTemperature: Math.round(value * 10) / 10 })}
      />
      <div className="space-y-1">
        <label htmlFor={lengthId} className="block text-sm font-medium">
          Max post length
        </label>
        <input
          id={lengthId}
          type="number"
          min={40}
          max={400}
          value={maxLength}
          aria-invalid={lengthError !== null}
          aria-describedby={lengthError ? lengthErrorId : undefined}
          onChange={(e) => {
            setMaxLength(e.target.value);
            const error = maxLengthError(e.target.value);
            onMaxLengthValid(error === null);
            if (!error) setOption({ maxLength: Number(e.target.value) });
          }}
          className={`${inputClass} max-w-32`}
        />
        {lengthError && (
          <p id={lengthErrorId} className="text-sm text-red-700 dark:text-red-300">
            {lengthError}
          </p>
        )}
      </div>
    </Section>
  );
}
