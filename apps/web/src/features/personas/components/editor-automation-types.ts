import type { Automation } from '@plume/core';

/**
 * What each card of the Automation tab gets: the current settings, and `commit` to apply (and, for a
 * saved persona, save) a change. Its own module, so the section and its cards don't import each other.
 */
export type AutomationCardProps = {
  automation: Automation;
  commit(next: Automation): void;
  /** The saved persona's id; undefined before its first save. */
  personaId?: string | undefined;
};
