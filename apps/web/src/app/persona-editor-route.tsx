import { AccountsTab } from '../features/accounts/components/accounts-tab';
import { PersonaEditor } from '../features/personas/components/persona-editor';
import { LiveSample } from '../features/writing/components/live-sample';
import { useDraftStream } from '../features/writing/hooks/use-draft-stream';

/** The editor with the writing feature's Live Sample and the accounts feature's tab, composed here. */
export function PersonaEditorRoute() {
  const sample = useDraftStream();
  return (
    <PersonaEditor
      renderLiveSample={({ draft }) => (
        <LiveSample
          stream={sample}
          persona={{
            name: draft.name,
            bio: draft.bio,
            personality: draft.personality,
            custom_prompt: draft.custom_prompt,
            use_default_prompt: draft.use_default_prompt,
            templates: draft.templates,
            advanced_options: draft.advanced_options,
          }}
        />
      )}
      renderAccounts={({ personaId, onAccountsChange }) => (
        <AccountsTab personaId={personaId} onAccountsChange={onAccountsChange} />
      )}
    />
  );
}
