import { describe, expect, it } from 'vitest';
import { textPart } from '../publishing/post-parts';
import {
  addDays,
  cellItems,
  dateKey,
  dayStart,
  goesWhenApproved,
  inputsFromInstant,
  instantFromInputs,
  itemInstant,
  itemsByDay,
  latenessNote,
  localDateOf,
  monthGrid,
  moveToDay,
  parseDateKey,
  personaCounts,
  shiftAnchor,
  upcomingItems,
  validateScheduleForm,
  viewWindow,
  weekDays,
} from './calendar';

const d = (year: number, month: number, day: number) => ({ year, month, day });
const keys = (days: { year: number; month: number; day: number }[]) => days.map(dateKey);

describe('the month grid', () => {
  it('is 42 days from the Sunday on or before the 1st', () => {
    const grid = monthGrid(d(2026, 7, 15)); // 1 July 2026 is a Wednesday
    expect(grid).toHaveLength(42);
    expect(dateKey(grid[0] ?? d(0, 1, 1))).toBe('2026-06-28');
    expect(dateKey(grid[41] ?? d(0, 1, 1))).toBe('2026-08-08');
  });

  it('starts on the 1st when the month starts on a Sunday, and crosses a year', () => {
    expect(dateKey(monthGrid(d(2026, 3, 31))[0] ?? d(0, 1, 1))).toBe('2026-03-01');
    const december = monthGrid(d(2025, 12, 1)); // a Monday
    expect(dateKey(december[0] ?? d(0, 1, 1))).toBe('2025-11-30');
    expect(dateKey(december[41] ?? d(0, 1, 1))).toBe('2026-01-10');
  });

  it('Previous and Next move a month from the 1st, so the 31st never skips a month', () => {
    expect(shiftAnchor('month', d(2026, 1, 31), 1)).toEqual(d(2026, 2, 1));
    expect(shiftAnchor('month', d(2026, 1, 31), -1)).toEqual(d(2025, 12, 1));
    expect(shiftAnchor('week', d(2026, 2, 26), 1)).toEqual(d(2026, 3, 5));
  });
});

describe('the week', () => {
  it('runs Sunday to Saturday around the day', () => {
    expect(keys(weekDays(d(2026, 3, 11)))).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
  });

  it('covers 167 hours in New York in the week clocks spring forward (8 March 2026)', () => {
    const { from, to } = viewWindow(weekDays(d(2026, 3, 8)), 'America/New_York');
    expect(from.toISOString()).toBe('2026-03-08T05:00:00.000Z'); // midnight EST
    expect(to.toISOString()).toBe('2026-03-15T04:00:00.000Z'); // midnight EDT
    expect((to.getTime() - from.getTime()) / 3_600_000).toBe(167);
  });

  it('covers 169 hours in Paris in the week clocks fall back (25 October 2026)', () => {
    const { from, to } = viewWindow(weekDays(d(2026, 10, 25)), 'Europe/Paris');
    expect(from.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(to.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect((to.getTime() - from.getTime()) / 3_600_000).toBe(169);
  });

  it('starts a day at its first moment when DST skips midnight (Santiago, 6 September 2026)', () => {
    expect(dayStart(d(2026, 9, 6), 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});

describe('moving an item to another day', () => {
  it('keeps its wall-clock time across the spring-forward change', () => {
    const friday = new Date('2026-03-06T14:30:15.000Z'); // 09:30:15 EST
    const monday = moveToDay(friday, d(2026, 3, 9), 'America/New_York');
    expect(monday.toISOString()).toBe('2026-03-09T13:30:15.000Z'); // 09:30:15 EDT
  });

  it('keeps its wall-clock time across the fall-back change', () => {
    const saturday = new Date('2026-10-24T07:00:00.000Z'); // 09:00 CEST
    expect(moveToDay(saturday, d(2026, 10, 26), 'Europe/Paris').toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(moveToDay(saturday, d(2026, 10, 20), 'Europe/Paris').toISOString()).toBe('2026-10-20T07:00:00.000Z');
  });

  it('moves a time the day skips forward by the gap', () => {
    const at = new Date('2026-03-07T07:30:00.000Z'); // 02:30 EST on the 7th
    expect(moveToDay(at, d(2026, 3, 8), 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
  });

  it('is the same instant when it stays on its day', () => {
    const at = new Date('2026-07-10T12:34:56.789Z');
    expect(moveToDay(at, localDateOf(at, 'Asia/Tokyo'), 'Asia/Tokyo')).toEqual(at);
  });
});

describe('date and time inputs', () => {
  it('read and write wall-clock values in the zone', () => {
    const at = new Date('2026-03-08T13:05:00.000Z');
    expect(inputsFromInstant(at, 'America/New_York')).toEqual({ date: '2026-03-08', time: '09:05' });
    expect(instantFromInputs('2026-03-08', '09:05', 'America/New_York')).toEqual(at);
    expect(instantFromInputs('2026-02-30', '09:05', 'UTC')).toBeNull();
    expect(instantFromInputs('2026-03-08', '', 'UTC')).toBeNull();
    expect(parseDateKey('2026-13-01')).toBeNull();
  });
});

describe('the Schedule Post checks', () => {
  const now = new Date('2026-03-08T12:00:00.000Z');
  it("use the spec's messages", () => {
    expect(
      validateScheduleForm({ parts: [textPart('  ')], queue: false, date: '2026-03-08', time: '11:00' }, now, 'UTC')
        .errors,
    ).toEqual({ content: 'Content is required', runAt: 'Date must be in the future' });
  });

  it('need no time for the queue, and a whole date and time otherwise', () => {
    expect(validateScheduleForm({ parts: [textPart('Hi')], queue: true, date: '', time: '' }, now, 'UTC')).toEqual({
      errors: {},
      runAt: null,
    });
    expect(
      validateScheduleForm({ parts: [textPart('Hi')], queue: false, date: '', time: '' }, now, 'UTC').errors,
    ).toEqual({
      runAt: 'Pick a date and time',
    });
    const ok = validateScheduleForm(
      { parts: [textPart('Hi')], queue: false, date: '2026-03-08', time: '09:00' },
      now,
      'Asia/Tokyo',
    );
    expect(ok.errors.runAt).toBe('Date must be in the future'); // 09:00 in Tokyo was 00:00 UTC
    const later = validateScheduleForm(
      { parts: [textPart('Hi')], queue: false, date: '2026-03-09', time: '09:00' },
      now,
      'UTC',
    );
    expect(later).toEqual({ errors: {}, runAt: new Date('2026-03-09T09:00:00.000Z') });
  });
});

describe('items on the calendar', () => {
  const item = (id: string, at: string | null, extra: Partial<Record<string, string | null>> = {}) => ({
    id,
    personaId: extra.personaId ?? 'p1',
    personaName: extra.personaName ?? 'Ada',
    status: (extra.status ?? 'scheduled') as 'scheduled' | 'posted' | 'pending_review',
    scheduledFor: at,
    postedAt: extra.postedAt ?? null,
    createdAt: extra.createdAt ?? '2026-03-01T00:00:00.000Z',
  });

  it('fall on their local day in time order, by scheduled time, else posted time, else creation', () => {
    const days = itemsByDay(
      [
        item('late', '2026-03-09T03:00:00.000Z'), // 8 March, 23:00 in New York
        item('early', '2026-03-08T14:00:00.000Z'),
        item('review', null, { createdAt: '2026-03-08T16:00:00.000Z', status: 'pending_review' }),
      ],
      'America/New_York',
    );
    expect([...days.keys()]).toEqual(['2026-03-08']);
    expect(days.get('2026-03-08')?.map((i) => i.id)).toEqual(['early', 'review', 'late']);
  });

  it('put a reply draft, or a draft whose time passed, at now (it goes when approved), never at a past time', () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    const reply = {
      ...item('reply', '2026-03-08T09:00:00.000Z', { status: 'pending_review' }),
      replyTo: { author: 'bob', text: 'hi', url: null },
    };
    const passed = item('passed', '2026-03-09T09:00:00.000Z', { status: 'pending_review' });
    const ahead = item('ahead', '2026-03-11T09:00:00.000Z', { status: 'pending_review' });
    expect(goesWhenApproved(reply, now)).toBe(true);
    expect(goesWhenApproved(passed, now)).toBe(true);
    expect(goesWhenApproved(ahead, now)).toBe(false);
    expect(goesWhenApproved({ ...reply, status: 'posted' }, now)).toBe(false);
    const days = itemsByDay([reply, passed, ahead], 'UTC', now);
    expect([...days.keys()]).toEqual(['2026-03-10', '2026-03-11']);
    expect(itemInstant(reply, now)).toEqual(now);
    expect(itemInstant(ahead, now).toISOString()).toBe('2026-03-11T09:00:00.000Z');
  });

  it('show two per month cell and count the rest', () => {
    expect(cellItems([1, 2, 3, 4])).toEqual({ shown: [1, 2], more: 2 });
    expect(cellItems([1])).toEqual({ shown: [1], more: 0 });
  });

  it('list the next three scheduled posts as upcoming', () => {
    const now = new Date('2026-03-08T12:00:00.000Z');
    const list = [
      item('past', '2026-03-08T11:00:00.000Z'),
      item('d', '2026-03-12T10:00:00.000Z'),
      item('b', '2026-03-09T10:00:00.000Z'),
      item('posted', '2026-03-09T09:00:00.000Z', { status: 'posted' }),
      item('a', '2026-03-08T13:00:00.000Z'),
      item('c', '2026-03-10T10:00:00.000Z'),
    ];
    expect(upcomingItems(list, now).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('are counted per persona for the legend, by name', () => {
    const counts = personaCounts([
      item('1', null, { personaId: 'z', personaName: 'Zed' }),
      item('2', null),
      item('3', null, { personaId: 'z', personaName: 'Zed' }),
    ]);
    expect(counts).toEqual([
      { personaId: 'p1', personaName: 'Ada', count: 1 },
      { personaId: 'z', personaName: 'Zed', count: 2 },
    ]);
  });

  it('keeps adding days over month ends', () => {
    expect(addDays(d(2028, 2, 28), 1)).toEqual(d(2028, 2, 29));
  });
});

describe('how late a post went out', () => {
  const at = '2026-03-08T14:00:00.000Z';
  const posted = (seconds: number) => ({
    status: 'posted',
    scheduledFor: at,
    postedAt: new Date(Date.parse(at) + seconds * 1000).toISOString(),
  });
  it('is said past 5 seconds, in seconds, minutes or hours', () => {
    expect(latenessNote(posted(4))).toBeNull();
    expect(latenessNote(posted(5))).toBeNull();
    expect(latenessNote(posted(12))).toBe('Went out 12 s late');
    expect(latenessNote(posted(150))).toBe('Went out 3 min late');
    expect(latenessNote(posted(3900))).toBe('Went out 1 h 5 min late');
  });
  it('is not said of a post not posted, or with no time of its own', () => {
    expect(latenessNote({ ...posted(60), status: 'failed' })).toBeNull();
    expect(latenessNote({ ...posted(60), scheduledFor: null })).toBeNull();
  });
});
