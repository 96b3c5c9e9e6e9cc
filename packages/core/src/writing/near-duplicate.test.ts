import { describe, expect, it } from 'vitest';
import { fixturePersona, seeded, VARIED_TOPICS } from './fixtures';
import {
  findNearDuplicate,
  isNearDuplicate,
  NEAR_DUPLICATE_THRESHOLD,
  nearDuplicateCatchRate,
  normalizeForRepeat,
  PLANTED_EDITS,
  plantRepeat,
  repeatIndex,
} from './near-duplicate';
import { composeOffline } from './offline-composer';

/** Posts a person might write in one month: several share a subject, none says the same thing. */
const DISTINCT = [
  'Postgres 18 ships async I/O. Our nightly batch went from 41 to 29 minutes without a code change.',
  'Postgres upgrades used to scare me. Now we rehearse them on a copy every Friday and nobody panics.',
  'Three things I check before any database migration: backups restore, locks are short, and rollback is written down.',
  'The housing shortage in Dublin is not a mystery: planning takes years and building takes longer.',
  'Rents in Dublin rose again this quarter. A friend just moved back in with her parents at 34.',
  'Sourdough lesson of the week: a colder proof gave a better crumb than any new flour did.',
  'My starter survived a week of neglect. Resilience is underrated, in bread and in people.',
  'Remote onboarding works when the first week has a buddy, a small real task and no slide decks.',
  'We hired two juniors this spring. Pairing them with each other, not just seniors, helped both.',
  'Interest rates up a quarter point. If you are fixing a mortgage this month, compare the total cost, not the rate.',
  'The strike closed every line this morning. Walked 40 minutes and met half my street doing the same.',
  'Outage post-mortem is up: one expired certificate, two hours of downtime, and a calendar reminder we now keep.',
  'Reading list for the weekend: a history of the Roman roads and a novel set on a lighthouse.',
  'Marathon training, week 9: the long run felt easy, which probably means I went too slow.',
  'Unpopular opinion: most dashboards are read once, on the day they are launched.',
  'Thanks for all the replies yesterday. The most common advice was to sleep more, which is fair.',
  'Tea people: is a second steep of oolong better than the first? I say yes, my kettle disagrees.',
  'A design system is a promise to your future self that buttons will look the same next year.',
  'Cycling to work in the rain is fine once you own good gloves. Everything else is optional.',
  'Quick reminder that the meetup is on Thursday at 7, upstairs at the library. Bring a laptop.',
];

describe('the near-duplicate measure', () => {
  it('reads only the words: case, punctuation, links, handles and emoji are left out', () => {
    expect(normalizeForRepeat('Hey @ada.bsky.social: READ this 👉 https://example.com/a?b=1 #Postgres!')).toBe(
      'hey read this postgres',
    );
    expect(isNearDuplicate('Ship it on Friday.', 'ship it on friday')).toBe(true);
  });

  it('finds a repeat of a post, lightly reworded, and the closest when several match', () => {
    const index = repeatIndex(
      DISTINCT.map((content, i) => ({ id: String(i), content })),
      (p) => p.content,
    );
    const repeat = plantRepeat(DISTINCT[9] as string, 'one word replaced', seeded(4));
    expect(findNearDuplicate(repeat, index)?.id).toBe('9');
    expect(findNearDuplicate('Something else entirely, about whales and their songs.', index)).toBeNull();
  });

  it('catches every planted repeat of a hand-written month, and no two different posts are called repeats', () => {
    const result = nearDuplicateCatchRate(DISTINCT, seeded(1));
    expect(result.missed).toEqual([]);
    expect(result.rate).toBe(1);
    expect(result.planted).toBe(DISTINCT.length * PLANTED_EDITS.length);
    expect(result.falseAlarms).toBe(0);
  });

  it('catches every planted repeat of 360 offline posts on 120 topics (100%)', () => {
    const random = seeded(7);
    const posts = VARIED_TOPICS.flatMap((topic) =>
      (['short post', 'observation', 'advice'] as const).map(
        (type) =>
          composeOffline({
            persona: fixturePersona(),
            request: { kind: 'generate', type, topic, count: 1, platforms: ['bluesky'] },
            random,
          })[0]?.content ?? '',
      ),
    );
    const result = nearDuplicateCatchRate(posts, seeded(3));
    expect(result.planted).toBe(posts.length * PLANTED_EDITS.length);
    expect(result.missed).toEqual([]);
    expect(result.rate).toBe(1);
    for (const edit of PLANTED_EDITS) expect(result.byEdit[edit].caught).toBe(result.byEdit[edit].planted);
  }, 30_000);

  it('plants each edit as named', () => {
    const post = 'First line here. Second line there. Third line too. https://example.com/x';
    const random = seeded(2);
    expect(plantRepeat(post, 'exact copy', random)).toBe(post);
    expect(plantRepeat(post, 'link changed', random)).toMatch(/^First line here\. .* https:\/\/example\.org\/\d+$/);
    expect(plantRepeat(post, 'opener added', random)).toMatch(/^(Reminder: |Still true: |Again, |Honestly, )first/);
    expect(plantRepeat('One. Two. Three.', 'last sentence dropped', random)).toBe('One. Two.');
    expect(NEAR_DUPLICATE_THRESHOLD).toBeGreaterThan(0);
  });
});
