import type { Persona } from '@plume/core';
import { useLocation, useNavigate } from 'react-router';
import { Select } from '../../../components/ui/select';
import { paths } from '../../../config/paths';
import { usePersonas } from '../../../lib/api/get-personas';

/** The app spec's persona picker: the same screen (range and Compare kept) for another persona; a label with one. */
export function PersonaSwitcher({ persona }: { persona: Persona }) {
  const navigate = useNavigate();
  const { search } = useLocation();
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
      onChange={(id) => navigate(`${paths.analytics}/${id}${search}`)}
    />
  );
}
