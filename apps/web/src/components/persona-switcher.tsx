import type { Persona } from '@plume/core';
import { useNavigate } from 'react-router';
import { usePersonas } from '../lib/api/get-personas';
import { Select } from './ui/select';

/**
 * The app spec's persona switcher: the same screen for another persona (`pathOf` names it), a
 * plain label when the user has only one.
 */
export function PersonaSwitcher({ persona, pathOf }: { persona: Persona; pathOf: (id: string) => string }) {
  const navigate = useNavigate();
  const personas = usePersonas();
  const list = personas.data ?? [];
  if (list.length < 2) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Persona: <strong>{persona.name}</strong>
      </p>
    );
  }
  return (
    <Select
      label="Persona"
      labelPlacement="beside"
      value={persona.id}
      options={list.map((p) => ({ value: p.id, label: p.name }))}
      onChange={(id) => navigate(pathOf(id))}
    />
  );
}
