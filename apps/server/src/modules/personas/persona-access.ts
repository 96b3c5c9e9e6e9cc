import type { Persona } from '@plume/core';
import { NotFoundError } from '../../errors';
import type { PersonasRepository } from './personas.repository';

export const PERSONA_NOT_FOUND = 'Persona not found';

/**
 * The check that guards persona-owned data once the access check (modules/workspaces/access.ts)
 * has settled the caller's workspace and role: the workspace's persona, loaded, for the caller to
 * hand on rather than read again. A persona that does not exist and another workspace's persona
 * are the same 404, so ids cannot be probed. `lock`: inside a transaction, the row stays locked until
 * it ends (a write that reads the persona first).
 */
export async function ownPersona(
  personas: Pick<PersonasRepository, 'find' | 'findForUpdate'>,
  workspaceId: string,
  personaId: string,
  options: { lock?: boolean } = {},
): Promise<Persona> {
  const persona = options.lock
    ? await personas.findForUpdate(workspaceId, personaId)
    : await personas.find(workspaceId, personaId);
  if (!persona) throw new NotFoundError(PERSONA_NOT_FOUND);
  return persona;
}
