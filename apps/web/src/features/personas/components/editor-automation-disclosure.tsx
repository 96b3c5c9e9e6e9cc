import {
  actsWithoutReview,
  PLATFORM_LABELS,
  PLATFORM_RULES,
  PLATFORMS,
  WHO_CAN_REPLY_LABELS,
  type WhoCanReply,
} from '@plume/core';
import { optionsOf, Select } from '../../../components/ui/select';
import { hintClass, SwitchRow } from './editor-automation-fields';
import type { AutomationCardProps } from './editor-automation-types';

const replyOptions = optionsOf(WHO_CAN_REPLY_LABELS);

/** What a choice of who may reply becomes on each network, a line each. */
const meaningOnEachNetwork = (choice: WhoCanReply) => (
  <>
    {PLATFORMS.map((p) => (
      <span key={p} className="block">
        {PLATFORM_LABELS[p]}: {PLATFORM_RULES[p].replyControl[choice]}.
      </span>
    ))}
    <span className="block">Its replies to others can’t limit who answers them.</span>
  </>
);

/**
 * How the persona says what it is and who may answer it (decision 034): the automated label,
 * offered while it acts without review, and who may reply to the posts it writes on its own.
 */
export function DisclosureSettings({ automation, commit }: AutomationCardProps) {
  const safety = automation.safety;
  const setSafety = (patch: Partial<typeof safety>) => commit({ ...automation, safety: { ...safety, ...patch } });
  // Personas saved before these settings existed read as the defaults.
  const whoCanReply = safety.whoCanReply ?? 'everyone';

  return (
    <div className="space-y-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      {actsWithoutReview(automation) ? (
        <SwitchRow
          label="Label this account as automated"
          badge="Bluesky"
          hint="Adds Bluesky’s “bot” label to the account’s profile, as Bluesky asks of accounts that act on their own. Nothing else on the profile changes. On X, turn on the automated label in X’s own settings."
          checked={safety.labelAutomated ?? true}
          onChange={(on) => setSafety({ labelAutomated: on })}
        />
      ) : (
        <p className={hintClass}>
          “Label this account as automated” is offered once the persona publishes or replies without review, or likes,
          reposts or follows on its own.
        </p>
      )}
      <Select
        label="Who can reply to its automated posts"
        value={whoCanReply}
        options={replyOptions}
        onChange={(choice) => setSafety({ whoCanReply: choice })}
        description={meaningOnEachNetwork(whoCanReply)}
      />
      <p className={hintClass}>Posts a model writes go to X with its “made with AI” flag.</p>
    </div>
  );
}
