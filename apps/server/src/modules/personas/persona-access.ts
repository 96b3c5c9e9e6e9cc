import type { Persona } from '@plume/core';
import { NotFoundError } from '../../errors';
import type { PersonasRepository } from './personas.repository';

export const PERSONA_NOT_FOUND = 'Persona not found';

/** Who may connect accounts in a workspace: the access check's answer for it (`manage`), or its 401/403/404. */
export type ConnectingIn = (workspaceId: string) => Promise<{ userId: string; workspaceId: string }>;

/**
 * A connection popup is a page the browser opens, which cannot send X-Plume-Workspace: its persona
 * names the workspace, and `connectingIn` (the access check) says whether the caller may connect
 * accounts there. A persona that does not exist is the same 404 as one in a workspace the caller
 * is not in.
 */
export async function personaToConnect(
  personas: Pick<PersonasRepository, 'find' | 'findForUpdate' | 'workspaceOf'>,
  personaId: string,
  connectingIn: ConnectingIn,
): Promise<{ userId: string; workspaceId: string; persona: Persona }> {
  const workspaceId = await personas.workspaceOf(personaId);
  if (!workspaceId) throw new NotFoundError(PERSONA_NOT_FOUND);
  let who: { userId: string; workspaceId: string };
  try {
    who = await connectingIn(workspaceId);
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(PERSONA_NOT_FOUND);
    throw error;
  }
  return { ...who, persona: await ownPersona(personas, who.workspaceId, personaId) };
}

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
