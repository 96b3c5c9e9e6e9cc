import {
  type Automation,
  formatKeywordList,
  integerFieldError,
  keywordListError,
  OPT_IN_ENGAGEMENT_RULE,
  parseKeywordList,
  X_ENGAGEMENT_UNAVAILABLE,
} from '@plume/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import {
  AutomationCard,
  DialogActions,
  errorClass,
  hintClass,
  NumberField,
  SwitchRow,
  TextField,
} from './editor-automation-fields';
import type { AutomationCardProps } from './editor-automation-types';

type Engagement = Automation['engagement'];

/** Likes, reposts and follows happen on Bluesky only; X_ENGAGEMENT_UNAVAILABLE says why. */
const BLUESKY_ONLY = 'Bluesky only';

export function EngagementCard({ automation, commit }: AutomationCardProps) {
  const engagement = automation.engagement;
  const [open, setOpen] = useState(false);
  const setEngagement = (next: Engagement) => commit({ ...automation, engagement: next });
  const { autoLike, autoRetweet, autoFollow } = engagement;

  return (
    <AutomationCard
      title="Engagement Optimization"
      description="Thank the people who reach this persona with a like, a repost or a follow back."
      enabled={engagement.enabled}
      onToggle={(enabled) => setEngagement({ ...engagement, enabled })}
    >
      <p className={hintClass} data-testid="engagement-opt-in-note">
        {OPT_IN_ENGAGEMENT_RULE}
      </p>
      <p className={hintClass} data-testid="engagement-x-note">
        {X_ENGAGEMENT_UNAVAILABLE}
      </p>
      <SwitchRow
        label="Auto-like"
        badge={BLUESKY_ONLY}
        hint={`Up to ${autoLike.maxLikesPerHour} likes an hour`}
        checked={autoLike.enabled}
        onChange={(enabled) => setEngagement({ ...engagement, autoLike: { ...autoLike, enabled } })}
      />
      <SwitchRow
        label="Auto-retweet"
        badge={BLUESKY_ONLY}
        hint={`Up to ${autoRetweet.maxRetweetsPerDay} reposts a day`}
        checked={autoRetweet.enabled}
        onChange={(enabled) => setEngagement({ ...engagement, autoRetweet: { ...autoRetweet, enabled } })}
      />
      <SwitchRow
        label="Auto-follow"
        badge={BLUESKY_ONLY}
        hint={`Up to ${autoFollow.maxFollowsPerDay} follows a day, back to accounts with ${autoFollow.targetCriteria.minFollowers.toLocaleString()}–${autoFollow.targetCriteria.maxFollowers.toLocaleString()} followers`}
        checked={autoFollow.enabled}
        onChange={(enabled) => setEngagement({ ...engagement, autoFollow: { ...autoFollow, enabled } })}
      />
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Engagement settings
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Engagement settings">
        <EngagementForm
          engagement={engagement}
          onCancel={() => setOpen(false)}
          onSave={(next) => {
            setEngagement(next);
            setOpen(false);
          }}
        />
      </Modal>
    </AutomationCard>
  );
}

function EngagementForm({
  engagement,
  onSave,
  onCancel,
}: {
  engagement: Engagement;
  onSave(next: Engagement): void;
  onCancel(): void;
}) {
  const { autoLike, autoRetweet, autoFollow } = engagement;
  const [like, setLike] = useState(autoLike.enabled);
  const [likes, setLikes] = useState(String(autoLike.maxLikesPerHour));
  const [accounts, setAccounts] = useState(formatKeywordList(autoLike.targetAccounts));
  const [retweet, setRetweet] = useState(autoRetweet.enabled);
  const [retweets, setRetweets] = useState(String(autoRetweet.maxRetweetsPerDay));
  const [retweetKeywords, setRetweetKeywords] = useState(formatKeywordList(autoRetweet.keywordFilter));
  const [follow, setFollow] = useState(autoFollow.enabled);
  const [follows, setFollows] = useState(String(autoFollow.maxFollowsPerDay));
  const [minFollowers, setMinFollowers] = useState(String(autoFollow.targetCriteria.minFollowers));
  const [maxFollowers, setMaxFollowers] = useState(String(autoFollow.targetCriteria.maxFollowers));
  const [followKeywords, setFollowKeywords] = useState(formatKeywordList(autoFollow.targetCriteria.keywords));

  const errors = {
    likes: integerFieldError(likes, 'Max likes per hour', 0, 100),
    accounts: keywordListError(accounts, 'Target accounts'),
    retweets: integerFieldError(retweets, 'Max retweets per day', 0, 100),
    retweetKeywords: keywordListError(retweetKeywords, 'Keyword filter'),
    follows: integerFieldError(follows, 'Max follows per day', 0, 100),
    minFollowers: integerFieldError(minFollowers, 'Min followers', 0),
    maxFollowers: integerFieldError(maxFollowers, 'Max followers', 0),
    followKeywords: keywordListError(followKeywords, 'Follow keywords'),
  };
  const rangeError =
    errors.minFollowers === null && errors.maxFollowers === null && Number(maxFollowers) < Number(minFollowers)
      ? 'Max followers must be at least min followers'
      : null;
  const invalid = rangeError !== null || Object.values(errors).some((e) => e !== null);

  const save = () =>
    onSave({
      ...engagement,
      autoLike: { enabled: like, maxLikesPerHour: Number(likes), targetAccounts: parseKeywordList(accounts) },
      autoRetweet: {
        enabled: retweet,
        maxRetweetsPerDay: Number(retweets),
        keywordFilter: parseKeywordList(retweetKeywords),
      },
      autoFollow: {
        enabled: follow,
        maxFollowsPerDay: Number(follows),
        targetCriteria: {
          minFollowers: Number(minFollowers),
          maxFollowers: Number(maxFollowers),
          keywords: parseKeywordList(followKeywords),
        },
      },
    });

  const group = 'space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700';
  return (
    <div className="space-y-4">
      <fieldset className={group}>
        <legend className="px-1 text-sm font-semibold">Auto-like</legend>
        <SwitchRow label="Auto-like" badge={BLUESKY_ONLY} checked={like} onChange={setLike} />
        <NumberField
          label="Max likes per hour"
          min={0}
          max={100}
          value={likes}
          onChange={setLikes}
          error={errors.likes}
        />
        <TextField
          label="Target accounts"
          value={accounts}
          onChange={setAccounts}
          error={errors.accounts}
          hint="Handles, separated by commas: only their posts are liked."
        />
      </fieldset>
      <fieldset className={group}>
        <legend className="px-1 text-sm font-semibold">Auto-retweet</legend>
        <SwitchRow label="Auto-retweet" badge={BLUESKY_ONLY} checked={retweet} onChange={setRetweet} />
        <NumberField
          label="Max retweets per day"
          min={0}
          max={100}
          value={retweets}
          onChange={setRetweets}
          error={errors.retweets}
        />
        <TextField
          label="Keyword filter"
          value={retweetKeywords}
          onChange={setRetweetKeywords}
          error={errors.retweetKeywords}
          hint="Only posts with one of these keywords, separated by commas."
        />
      </fieldset>
      <fieldset className={group}>
        <legend className="px-1 text-sm font-semibold">Auto-follow</legend>
        <SwitchRow label="Auto-follow" badge={BLUESKY_ONLY} checked={follow} onChange={setFollow} />
        <NumberField
          label="Max follows per day"
          min={0}
          max={100}
          value={follows}
          onChange={setFollows}
          error={errors.follows}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField
            label="Min followers"
            min={0}
            value={minFollowers}
            onChange={setMinFollowers}
            error={errors.minFollowers}
          />
          <NumberField
            label="Max followers"
            min={0}
            value={maxFollowers}
            onChange={setMaxFollowers}
            error={errors.maxFollowers}
          />
        </div>
        {rangeError && <p className={errorClass}>{rangeError}</p>}
        <TextField
          label="Follow keywords"
          value={followKeywords}
          onChange={setFollowKeywords}
          error={errors.followKeywords}
          hint="Accounts whose profile mentions one of these, separated by commas."
        />
      </fieldset>
      <DialogActions onCancel={onCancel} saveDisabled={invalid} onSave={save} />
    </div>
  );
}
