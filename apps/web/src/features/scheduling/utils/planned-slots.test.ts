import { defaultPersonaSettings, type Persona, type ScheduledItem } from '@plume/core';
import { describe, expect, it } from 'vitest';
import { plannedSlotsByDay } from './planned-slots';

const persona = (id: string, name: string, posting: Partial<Persona['automation']['autoPosting']>): Persona => {
  const settings = defaultPersonaSettings();
  return {
    ...(settings as unknown as Persona),
    id,
    name,
    is_active: true,
    automation: {
      ...settings.automation,
      autoPosting: { ...settings.automation.autoPosting, enabled: true, smartTiming: false, ...posting },
      safety: { ...settings.automation.safety, humanLikePatterns: false },
    },
  };
};

describe('planned automated slots on the calendar', () => {
  const now = new Date('2026-03-02T08:30:00Z'); // a Monday
  const week = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-08T00:00:00Z') };

  it('are the slots from now to the end of the view, by day, leaving out those already written', () => {
    const ada = persona('00000000-0000-4000-8000-00000000000a', 'Ada', { frequency: 'daily', customTimes: ['09:00'] });
    const written = { personaId: ada.id, autoSlot: '2026-03-02T09:00:00.000Z' } as ScheduledItem;
    const byDay = plannedSlotsByDay([ada], [written], week, now, 'UTC');
    expect([...byDay.keys()]).toEqual(['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07']);
    expect(byDay.get('2026-03-03')).toEqual([
      { personaId: ada.id, personaName: 'Ada', at: '2026-03-03T09:00:00.000Z' },
    ]);
  });

  it('come only from active personas with posting on', () => {
    const off = persona('00000000-0000-4000-8000-00000000000b', 'Bo', { enabled: false });
    const paused = {
      ...persona('00000000-0000-4000-8000-00000000000c', 'Cy', { frequency: 'hourly' }),
      is_active: false,
    };
    expect(plannedSlotsByDay([off, paused], [], week, now, 'UTC').size).toBe(0);
  });
});
