import { defaultPersonaSettings, type Persona, type PersonaWrite } from '@plume/core';

/** The editable part of a persona, plus what progress needs to see. */
export type EditorDraft = Required<Omit<PersonaWrite, 'setup_complete'>> & Pick<Persona, 'connected_accounts'>;

export function draftOf(persona: Persona | undefined): EditorDraft {
  if (!persona) return { ...defaultPersonaSettings(), connected_accounts: [] };
  return {
    name: persona.name,
    bio: persona.bio,
    avatar: persona.avatar,
    languages: persona.languages,
    personality: persona.personality,
    automation: persona.automation,
    sources: persona.sources,
    advanced_options: persona.advanced_options,
    tags: persona.tags,
    is_active: persona.is_active,
    is_public: persona.is_public,
    require_alt_text: persona.require_alt_text,
    custom_prompt: persona.custom_prompt,
    use_default_prompt: persona.use_default_prompt,
    templates: persona.templates,
    monetization: persona.monetization,
    connected_accounts: persona.connected_accounts,
  };
}

/** What is sent on save: the draft, cleaned, and setup marked complete. */
export function toWrite(draft: EditorDraft): PersonaWrite {
  const { connected_accounts: _accounts, ...write } = draft;
  return { ...write, name: write.name.replace(/[<>]/g, '').trim().slice(0, 50), setup_complete: true };
}
