import { textPart } from '@plume/core';
import { PostButton } from '../features/publishing/components/post-button';
import { ScheduleActions } from '../features/scheduling/components/schedule-actions';
import { AdvancedGeneratorPage } from '../features/writing/components/advanced-generator-page';

/**
 * The writing studio with the publishing feature's Post buttons and, beside each, the scheduling
 * feature's Schedule and Send to review, on its posts and its draft: composed here.
 */
export function AdvancedGeneratorRoute() {
  return (
    <AdvancedGeneratorPage
      renderPostActions={({ personaId, parts, platforms, writer }) => (
        <PostButton
          personaId={personaId}
          parts={parts}
          platforms={platforms}
          besideButton={<ScheduleActions personaId={personaId} parts={parts} platforms={platforms} writer={writer} />}
        />
      )}
      renderDraftActions={({ personaId, text, writer }) => (
        <PostButton
          personaId={personaId}
          parts={[textPart(text)]}
          besideButton={<ScheduleActions personaId={personaId} parts={[textPart(text)]} writer={writer} />}
        />
      )}
    />
  );
}
