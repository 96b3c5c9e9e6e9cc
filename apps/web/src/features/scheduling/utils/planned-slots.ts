import { dateKey, localDateOf, type Persona, postingSlots, type ScheduledItem } from '@plume/core';

/** A posting slot of a persona's automation that has no post yet: shown on the calendar apart from posts. */
export type PlannedSlot = { personaId: string; personaName: string; at: string };

/**
 * The automated posting slots in [from, to) with no post written for them yet, by local day: the
 * same rule the worker follows (decision 021), for each active persona with posting on.
 */
export function plannedSlotsByDay(
  personas: Persona[],
  items: ScheduledItem[],
  window: { from: Date; to: Date },
  now: Date,
  timeZone: string,
): Map<string, PlannedSlot[]> {
  const written = new Set(items.flatMap((i) => (i.autoSlot ? [`${i.personaId}|${i.autoSlot}`] : [])));
  const from = new Date(Math.max(window.from.getTime(), now.getTime()));
  const days = Math.ceil((window.to.getTime() - from.getTime()) / 86_400_000) + 1;
  const byDay = new Map<string, PlannedSlot[]>();
  if (days <= 0) return byDay;
  for (const persona of personas) {
    const posting = persona.automation.autoPosting;
    if (!persona.is_active || !posting.enabled) continue;
    const slots = postingSlots(posting, {
      personaId: persona.id,
      timeZone,
      from,
      count: 24 * days,
      days,
      wakingHoursOnly: persona.automation.safety.humanLikePatterns,
    });
    for (const slot of slots) {
      if (slot.at.getTime() >= window.to.getTime()) break;
      if (written.has(`${persona.id}|${slot.slot.toISOString()}`)) continue;
      const key = dateKey(localDateOf(slot.at, timeZone));
      const list = byDay.get(key) ?? [];
      list.push({ personaId: persona.id, personaName: persona.name, at: slot.at.toISOString() });
      byDay.set(key, list);
    }
  }
  for (const list of byDay.values()) list.sort((a, b) => a.at.localeCompare(b.at));
  return byDay;
}
