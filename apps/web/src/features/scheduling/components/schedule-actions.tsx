import {
  DEFAULT_SCHEDULE_PLATFORM,
  PLATFORM_LABELS,
  type Platform,
  type PostPart,
  threadContent,
  type Writer,
} from '@plume/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { usePreferences } from '../../../lib/api/get-preferences';
import { useMay } from '../../../lib/workspace';
import { useSubmitForReview } from '../api/submit-for-review';
import { ScheduleDialog } from './schedule-dialog';

/** The platform a post goes to by default: Bluesky (app spec §5) when the post was written for it. */
function defaultPlatform(platforms: Platform[] | undefined): Platform {
  if (!platforms || platforms.length === 0 || platforms.includes(DEFAULT_SCHEDULE_PLATFORM)) {
    return DEFAULT_SCHEDULE_PLATFORM;
  }
  return platforms[0] ?? DEFAULT_SCHEDULE_PLATFORM;
}

/**
 * 'Schedule' (the Schedule Post dialog) and 'Send to review' (the review queue) for a written post:
 * placed beside the Post button by the app layer, on each generated post and under the AI draft.
 */
export function ScheduleActions({
  personaId,
  parts,
  platforms,
  writer,
}: {
  personaId: string;
  parts: PostPart[];
  /** The platforms the post was written for; the dialog starts on Bluesky when it is one of them. */
  platforms?: Platform[];
  /** Who wrote it: the queue and the calendar label it (the offline composer's, a model's). */
  writer?: Writer | null;
}) {
  const [open, setOpen] = useState(false);
  // A viewer may neither schedule nor send to review (the page says why).
  const mayWrite = useMay('write');
  const [sentKey, setSentKey] = useState<string | null>(null);
  const review = useSubmitForReview();
  const navigate = useNavigate();
  // Loaded ahead, so the dialog opens on the user's zone.
  usePreferences();
  const platform = defaultPlatform(platforms);
  const key = JSON.stringify([platform, parts]);
  const sent = sentKey === key;
  const empty = parts.every((p) => p.text.trim() === '');

  const sendToReview = () => {
    review.mutate(
      { personaId, platform, content: threadContent(parts), parts, ...(writer ? { writer } : {}) },
      {
        onSuccess: () => {
          setSentKey(key);
          toast.success('Sent to review', {
            description: `A ${PLATFORM_LABELS[platform]} post waits for approval.`,
            action: { label: 'Open queue', onClick: () => navigate(`${paths.calendar}#review`) },
          });
        },
        onError: (error) => toast.error('Failed to send to review', { description: error.message }),
      },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="schedule-actions">
      <Button variant="secondary" className="px-3 py-1.5" onClick={() => setOpen(true)} disabled={!mayWrite}>
        Schedule
      </Button>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        onClick={sendToReview}
        disabled={!mayWrite || review.isPending || sent || empty}
      >
        {review.isPending ? 'Sending...' : sent ? 'Sent to review' : 'Send to review'}
      </Button>
      <ScheduleDialog
        open={open}
        onOpenChange={setOpen}
        mode={{
          kind: 'create',
          targets: [{ personaId, personaName: '' }],
          parts,
          platform,
          ...(writer ? { writer } : {}),
        }}
      />
    </div>
  );
}
