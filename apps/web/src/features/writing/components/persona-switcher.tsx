import type { Persona } from '@plume/core';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { inputClass } from '../../../components/ui/input-class';
import { paths } from '../../../config/paths';
import { useWritingPersonas } from '../api/get-personas';

/** The app spec's persona switcher: the same screen for another persona; a label with only one. */
export function PersonaSwitcher({ persona }: { persona: Persona }) {
  const id = useId();
  const navigate = useNavigate();
  const personas = useWritingPersonas();
  const list = personas.data ?? [];
  if (list.length < 2) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Persona: <strong>{persona.name}</strong>
      </p>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Persona
      </label>
      <select
        id={id}
        value={persona.id}
        onChange={(e) => navigate(`${paths.advanced}/${e.target.value}`)}
        className={cn(inputClass, 'w-auto')}
      >
        {list.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
