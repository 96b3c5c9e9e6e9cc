import {
  type Automation,
  fixedMentionCheckMinutes,
  integerFieldError,
  newReplyTemplate,
  type ReplyTemplate,
  removeReplyTemplate,
  upsertReplyTemplate,
  VISIBLE_REPLY_TEMPLATES,
  X_CHECK_MINUTE_CHOICES,
  X_REPLIES_RULE,
} from '@plume/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Modal } from '../../../components/ui/modal';
import { optionsOf, Select } from '../../../components/ui/select';
import { TraitSlider } from '../../../components/ui/trait-slider';
import { AutomationCard, DialogActions, Facts, hintClass, NumberField, SwitchRow } from './editor-automation-fields';
import type { AutomationCardProps } from './editor-automation-types';
import { CONTEXTS, ReplyTemplateDialog, SENTIMENTS } from './editor-reply-template-dialog';

type Replies = Automation['autoReplies'];

const SENTIMENT_FILTERS: Record<Replies['sentimentFilter'], string> = {
  all: 'All messages',
  'neutral-positive': 'Neutral and positive',
  positive: 'Positive only',
};

/** A persona saved before these settings existed has neither: no publishing without review, X every 15 minutes. */
const publishWithoutReviewOf = (replies: Replies): boolean => replies.publishWithoutReview ?? false;
const xCheckMinutesOf = (replies: Replies): number => replies.xCheckMinutes ?? 15;

/** '5 minutes', '1 hour', '24 hours'. */
function minutesLabel(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The choices, plus a saved value that is not one of them (set through the API), so it shows as it is. */
function xCheckOptions(current: number) {
  const minutes: number[] = [...X_CHECK_MINUTE_CHOICES];
  if (!minutes.includes(current)) minutes.push(current);
  return minutes.sort((a, b) => a - b).map((m) => ({ value: String(m), label: minutesLabel(m) }));
}

const X_CHECK_HINT = `Each check is one read that X bills. Bluesky is checked every ${minutesLabel(fixedMentionCheckMinutes('bluesky') ?? 2)}, free.`;

function publishHint(on: boolean): string {
  return `${on ? 'On: Bluesky replies go out without anyone reading them first.' : 'Off: every reply waits in the review queue.'} ${X_REPLIES_RULE}`;
}

export function RepliesCard({ automation, commit }: AutomationCardProps) {
  const replies = automation.autoReplies;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [editing, setEditing] = useState<{ template: ReplyTemplate; isNew: boolean } | null>(null);
  const setReplies = (patch: Partial<Replies>) => commit({ ...automation, autoReplies: { ...replies, ...patch } });
  // The spec shows the first 4; a user who added more can still reach them.
  const [showAll, setShowAll] = useState(false);
  const hidden = replies.templates.length - VISIBLE_REPLY_TEMPLATES;

  return (
    <AutomationCard
      title="Smart Auto-Replies"
      description="Answers mentions and replies in this persona's voice, within the limits below."
      enabled={replies.enabled}
      onToggle={(enabled) => setReplies({ enabled })}
    >
      <Facts
        items={[
          ['Response rate', `${replies.responseRate}%`],
          ['Max replies per hour', String(replies.maxRepliesPerHour)],
          ['Replies to', SENTIMENT_FILTERS[replies.sentimentFilter]],
          ['Checks X for mentions', `every ${minutesLabel(xCheckMinutesOf(replies))}`],
        ]}
      />
      <SwitchRow
        label="Contextual replies"
        hint="Reads the conversation before replying."
        checked={replies.contextualReplies}
        onChange={(contextualReplies) => setReplies({ contextualReplies })}
      />
      <SwitchRow
        label="Publish replies without review (Bluesky)"
        hint={publishHint(publishWithoutReviewOf(replies))}
        checked={publishWithoutReviewOf(replies)}
        onChange={(publishWithoutReview) => setReplies({ publishWithoutReview })}
      />
      <SwitchRow
        label="Notify me of new mentions"
        hint="An in-app notification for each mention, reply or quote Plume reads for this persona (its Mentions tab lists them all)."
        checked={replies.notifyMentions ?? false}
        onChange={(notifyMentions) => setReplies({ notifyMentions })}
      />
      <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
        Reply settings
      </Button>

      <div className="space-y-2">
        <h3 className="text-sm font-semibold">Reply templates</h3>
        {replies.templates.length === 0 && <p className={hintClass}>No templates yet.</p>}
        <ul className="space-y-2" aria-label="Reply templates">
          {(showAll ? replies.templates : replies.templates.slice(0, VISIBLE_REPLY_TEMPLATES)).map((t) => (
            <li
              key={t.id}
              className="flex items-center justify-between gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
            >
              <div className="min-w-0">
                <p className="font-medium">{t.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {CONTEXTS[t.context]} · {SENTIMENTS[t.sentiment]} ·{' '}
                  <span
                    className={cn(
                      t.isActive ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-600 dark:text-slate-400',
                    )}
                  >
                    {t.isActive ? 'Active' : 'Inactive'}
                  </span>
                </p>
              </div>
              <Button
                variant="ghost"
                aria-label={`Edit ${t.name}`}
                onClick={() => setEditing({ template: t, isNew: false })}
              >
                Edit
              </Button>
            </li>
          ))}
        </ul>
        {hidden > 0 && (
          <Button variant="ghost" className="px-2 py-1" onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Show the first 4' : `+${hidden} more: show all`}
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={replies.templates.length >= 50}
          onClick={() => setEditing({ template: newReplyTemplate(crypto.randomUUID()), isNew: true })}
        >
          Add Template
        </Button>
      </div>

      <Modal open={settingsOpen} onOpenChange={setSettingsOpen} title="Reply settings">
        <ReplySettingsForm
          replies={replies}
          onCancel={() => setSettingsOpen(false)}
          onSave={(patch) => {
            setReplies(patch);
            setSettingsOpen(false);
          }}
        />
      </Modal>
      <ReplyTemplateDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSave={(template) => {
          setReplies({ templates: upsertReplyTemplate(replies.templates, template) });
          setEditing(null);
        }}
        onDelete={(id) => {
          setReplies({ templates: removeReplyTemplate(replies.templates, id) });
          setEditing(null);
        }}
      />
    </AutomationCard>
  );
}

function ReplySettingsForm({
  replies,
  onSave,
  onCancel,
}: {
  replies: Replies;
  onSave(patch: Partial<Replies>): void;
  onCancel(): void;
}) {
  const [responseRate, setResponseRate] = useState(replies.responseRate);
  const [maxPerHour, setMaxPerHour] = useState(String(replies.maxRepliesPerHour));
  const [sentimentFilter, setSentimentFilter] = useState(replies.sentimentFilter);
  const [contextualReplies, setContextualReplies] = useState(replies.contextualReplies);
  const [publishWithoutReview, setPublishWithoutReview] = useState(publishWithoutReviewOf(replies));
  const [xCheckMinutes, setXCheckMinutes] = useState(String(xCheckMinutesOf(replies)));
  const maxError = integerFieldError(maxPerHour, 'Max replies per hour', 0, 60);

  return (
    <div className="space-y-5">
      <TraitSlider
        label="Response rate"
        min={10}
        max={80}
        value={responseRate}
        valueText={`${responseRate}%`}
        onChange={setResponseRate}
      />
      <p className={hintClass}>The share of eligible mentions and replies that get an answer.</p>
      <NumberField
        label="Max replies per hour"
        min={0}
        max={60}
        value={maxPerHour}
        onChange={setMaxPerHour}
        error={maxError}
      />
      <Select
        label="Sentiment filter"
        value={sentimentFilter}
        options={optionsOf(SENTIMENT_FILTERS)}
        onChange={setSentimentFilter}
      />
      <SwitchRow label="Contextual replies" checked={contextualReplies} onChange={setContextualReplies} />
      <SwitchRow
        label="Publish replies without review (Bluesky)"
        hint={publishHint(publishWithoutReview)}
        checked={publishWithoutReview}
        onChange={setPublishWithoutReview}
      />
      <Select
        label="Check X for mentions every"
        value={xCheckMinutes}
        options={xCheckOptions(xCheckMinutesOf(replies))}
        onChange={setXCheckMinutes}
        description={X_CHECK_HINT}
      />
      <DialogActions
        onCancel={onCancel}
        saveDisabled={maxError !== null}
        onSave={() =>
          onSave({
            responseRate,
            maxRepliesPerHour: Number(maxPerHour),
            sentimentFilter,
            contextualReplies,
            publishWithoutReview,
            xCheckMinutes: Number(xCheckMinutes),
          })
        }
      />
    </div>
  );
}
