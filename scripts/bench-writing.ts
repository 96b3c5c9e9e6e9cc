// Part of npm run bench (the writing section; bench.mjs runs it with tsx): what the offline composer
// writes as a creator would read it (decision 038). For each of the nine presets, 500 posts (five
// kinds of post on each of 100 topics written for this bench, not the suggested prompts; 24 are bad
// news) and curated posts from a real-looking RSS feed read by the server's own parser. Prints:
// - repeated sentences: the share of a persona's sentences that appear in another of its posts;
// - the largest skeleton: the most common post once its topic is masked, as a share of the posts;
// - fragment hashtags, by the rule in topics.ts (`isFragmentTag`: a verb ending, a time word, a bare
//   modifier, a number glued to a word) or a tag none of whose words is in the topic;
// - bad-news posts carrying a celebratory or laughing emoji (mood.ts: CELEBRATORY_OR_LAUGHING);
// - distinct-2: distinct word pairs over all word pairs of a persona's posts;
// - curated posts that carry their item's headline, a sentence of its text and its link;
// - posts with more than one line of the voice (a touch that is a sentence of its own, phrases.ts:
//   `isStockLine`; engagement's closing question and invitation aside): decision 066 allows one.
// Prints one line of JSON: rows of [label, value].
import {
  celebratesOrLaughs,
  composeOffline,
  isFragmentTag,
  nearDuplicateCatchRate,
  PERSONALITY_PRESETS,
  type WritingPersona,
} from '@plume/core';
import vader from 'vader-sentiment';
import { parseFeed } from '../apps/server/src/integrations/feeds/parse-feed';
import { BAD_NEWS, fixturePersona, seeded } from '../packages/core/src/writing/fixtures';
import { isStockLine } from '../packages/core/src/writing/phrases';

const sentiment = (text: string) => vader.SentimentIntensityAnalyzer.polarity_scores(text).compound;

const OTHER = [
  'remote work',
  'sourdough baking',
  'Rust',
  'how to stay focused',
  'the future of public libraries',
  'machine learning in healthcare',
  'marathon training',
  'saving for retirement',
  'houseplants',
  'learning Japanese',
  'TypeScript generics',
  'parenting toddlers',
  'public speaking',
  'open source maintainers',
  'cash flow forecasting for SaaS startups',
  'urban cycling',
  'home espresso',
  'the new Pixel phone',
  'Kubernetes upgrades',
  'writing a first novel',
  'job interviews',
  'climate tech',
  'cold water swimming',
  'small business bookkeeping',
  'personal branding on LinkedIn',
  'podcast editing',
  'board games',
  'vegetable gardening',
  'the Champions League final',
  'electric cars',
  'why most startups fail',
  'code reviews',
  'newsletter growth',
  'sleep and productivity',
  'pricing a freelance project',
  'Figma plugins',
  'a four-day week',
  'dog training',
  'museum audio guides',
  'travel on a budget',
  'language models in schools',
  'first-time home buyers',
  'weightlifting for beginners',
  'Postgres indexes',
  'the Eurovision final',
  'minimalist wardrobes',
  'startup fundraising',
  'customer support tools',
  'photography on a phone',
  'meal prep',
  'open-plan offices',
  'the James Webb telescope',
  'design systems',
  'teaching kids to code',
  'running a book club',
  'solar panels at home',
  'the local farmers market',
  'chess openings',
  'learning the guitar',
  'product management',
  'the Tour de France',
  'hiring a first employee',
  'accessibility on the web',
  'bread prices',
  'city parks',
  'Python packaging',
  'wedding planning',
  'coffee',
  'the new library opening',
  'a record harvest',
  'our team winning the cup',
  'the app launch on Friday',
  'volunteering',
  'Mondays',
  'burnout',
  'time zones in remote teams',
] as const;

const TOPICS: readonly string[] = [...OTHER, ...BAD_NEWS];
const KINDS = ['short post', 'observation', 'advice', 'question', 'joke'] as const;
if (TOPICS.length !== 100) throw new Error(`100 topics expected, got ${TOPICS.length}`);
const isBad = new Set<string>(BAD_NEWS);

const EMOJI = /\p{Extended_Pictographic}|\uFE0F/gu;
const plain = (text: string) =>
  text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/#[\p{L}\p{N}_]+/gu, ' ')
    .replace(EMOJI, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const sentencesOf = (text: string) =>
  plain(text)
    .split(/(?<=[.!?…])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The post with its topic (as typed, any capital at its start) masked: its skeleton. */
const skeleton = (text: string, topic: string) => {
  const core = topic.replace(/^(?:the|a|an)\s+/i, '');
  return plain(text)
    .replace(new RegExp(`(?:the |a |an )?${literal(core)}`, 'giu'), '{s}')
    .toLowerCase();
};
const words = (text: string) =>
  plain(text)
    .toLowerCase()
    .match(/[\p{L}\p{N}’']+/gu) ?? [];

type Written = { topic: string; content: string; hashtags: string[] };

function writeFor(traits: WritingPersona['traits'], presetIndex: number): Written[] {
  const persona = fixturePersona(traits, { platforms: ['x', 'bluesky'] });
  const posts: Written[] = [];
  for (const [t, topic] of TOPICS.entries()) {
    for (const [k, type] of KINDS.entries()) {
      const [post] = composeOffline({
        persona,
        request: { kind: 'generate', type, topic, count: 1 },
        random: seeded(1 + presetIndex * 100_003 + t * 1_009 + k * 101),
        sentiment,
      });
      if (post) posts.push({ topic, content: post.content, hashtags: post.hashtags });
    }
  }
  return posts;
}

const rows: [string, string | number][] = [];
const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
let worstRepeat = 0;
let worstSkeleton = 0;
let fragments = 0;
let offTopic = 0;
let tagged = 0;
let badCelebrating = 0;
let badPosts = 0;
let worstDistinct2 = 1;
let manyLines = 0;
let written = 0;
const samples: string[] = [];
/** Posts of every preset the near-duplicate check is tried on (repeats planted in them). */
const forCatch: string[] = [];

for (const [p, preset] of PERSONALITY_PRESETS.entries()) {
  const posts = writeFor(preset.traits, p);
  // Sentences that appear in more than one of the persona's posts.
  const postsOf = new Map<string, Set<number>>();
  let sentenceCount = 0;
  for (const [i, post] of posts.entries()) {
    for (const s of sentencesOf(post.content)) {
      sentenceCount++;
      const key = s.toLowerCase();
      postsOf.set(key, (postsOf.get(key) ?? new Set()).add(i));
    }
  }
  if (process.env.BENCH_WRITING_REPEATS === preset.name) {
    const top = [...postsOf.entries()].filter(([, ids]) => ids.size > 1).sort((a, b) => b[1].size - a[1].size);
    for (const [sentence, ids] of top.slice(0, 25)) console.error(`${ids.size}\t${sentence}`);
  }
  let repeated = 0;
  for (const [i, post] of posts.entries()) {
    for (const s of sentencesOf(post.content)) {
      if ([...(postsOf.get(s.toLowerCase()) ?? [])].some((j) => j !== i)) repeated++;
    }
  }
  for (const post of posts) {
    written++;
    if (post.content.split(/(?<=[.!?…])\s+/).filter(isStockLine).length > 1) manyLines++;
  }
  const skeletons = new Map<string, number>();
  for (const post of posts) {
    const key = skeleton(post.content, post.topic);
    skeletons.set(key, (skeletons.get(key) ?? 0) + 1);
  }
  const [topSkeleton, topCount] = [...skeletons.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  for (const post of posts) {
    for (const tag of post.content.match(/#[\p{L}\p{N}_]+/gu) ?? []) {
      tagged++;
      if (isFragmentTag(tag)) fragments++;
      const topicWords = post.topic.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
      const tagWords = tag.slice(1).match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [];
      if (!tagWords.some((w) => topicWords.includes(w.toLowerCase()))) offTopic++;
    }
    if (isBad.has(post.topic)) {
      badPosts++;
      if (celebratesOrLaughs(post.content)) badCelebrating++;
    }
  }
  forCatch.push(...posts.slice(0, 40).map((post) => post.content));
  const pairs: string[] = [];
  for (const post of posts) {
    const w = words(post.content);
    for (let i = 0; i + 1 < w.length; i++) pairs.push(`${w[i]} ${w[i + 1]}`);
  }
  const distinct2 = new Set(pairs).size / Math.max(1, pairs.length);
  const repeatShare = repeated / Math.max(1, sentenceCount);
  const skeletonShare = topCount / posts.length;
  worstRepeat = Math.max(worstRepeat, repeatShare);
  worstSkeleton = Math.max(worstSkeleton, skeletonShare);
  worstDistinct2 = Math.min(worstDistinct2, distinct2);
  rows.push([
    `writing, ${preset.name}: ${posts.length} posts · repeated sentences · largest skeleton · distinct-2`,
    `${pct(repeated, sentenceCount)} · ${pct(topCount, posts.length)} · ${distinct2.toFixed(3)}`,
  ]);
  if (process.env.BENCH_WRITING_VERBOSE) console.error(`${preset.name} top skeleton (${topCount}): ${topSkeleton}`);
  const draw = seeded(31 + p);
  for (let k = 0; k < 6; k++) {
    const post = posts[Math.floor(draw() * 7919 * posts.length) % posts.length];
    if (post) samples.push(`${preset.name} · ${post.topic}: ${post.content}`);
  }
}
rows.push(
  ['writing: worst preset, repeated sentences (target ≤ 10%)', pct(worstRepeat, 1)],
  ['writing: worst preset, largest skeleton with the topic masked (target ≤ 3%)', pct(worstSkeleton, 1)],
  ['writing: hashtags that are fragments (isFragmentTag; target 0)', `${fragments} of ${tagged}`],
  ['writing: hashtags with no word of the topic', `${offTopic} of ${tagged}`],
  ['writing: bad-news posts with a celebratory or laughing emoji (target 0)', `${badCelebrating} of ${badPosts}`],
  ['writing: worst preset, distinct-2', worstDistinct2.toFixed(3)],
  ['writing: posts with more than one line of the voice (target 0)', `${manyLines} of ${written}`],
);
// The check before review (decision 037): light rewordings of real offline posts planted among them.
const caught = nearDuplicateCatchRate(forCatch, seeded(97));
rows.push([
  'writing: near-duplicate check, planted repeats caught (target 100%) · false alarms',
  `${pct(caught.caught, caught.planted)} of ${caught.planted} · ${caught.falseAlarms} of ${caught.pairs} pairs`,
]);

// Curated posts from a real-looking feed, read by the server's parser as a poll would.
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Tech and Work Daily</title>
<item><title>Cloudflare outage takes down thousands of websites</title><link>https://news.example.com/cloudflare-outage</link>
<description><![CDATA[<p>A configuration change in Cloudflare’s network caused a two-hour outage on Tuesday, taking down sites from Discord to Shopify.</p><p>The company said no customer data was lost and promised a full report.</p>]]></description></item>
<item><title>Rust 1.80 released with lazy statics</title><link>https://blog.example.org/rust-1-80</link>
<description>The Rust team has released version 1.80, which stabilises LazyCell and LazyLock. Exclusive ranges are now allowed in patterns.</description></item>
<item><title>Bank of England raises interest rates to 5.25%</title><link>https://news.example.com/boe-rates</link>
<description><![CDATA[The Bank of England has raised interest rates for the fourteenth time in a row, to 5.25%. Mortgage holders face higher repayments as fixed deals end. <a href="https://news.example.com/boe-rates">Continue reading</a>]]></description></item>
<item><title>Study finds four-day week keeps productivity steady</title><link>https://work.example.com/four-day-week</link>
<content:encoded><![CDATA[<p>Sixty companies that tried a four-day week for six months reported steady output and lower staff turnover.</p><p>Most chose to keep it.</p>]]></content:encoded></item>
<item><title>Rail workers announce strike for next Monday</title><link>https://news.example.com/rail-strike</link>
<description>Train drivers will walk out on Monday after talks over pay broke down, with most services across the south expected to be cancelled.</description></item>
<item><title>Postgres 17 brings faster vacuum and incremental backups</title><link>https://db.example.com/postgres-17</link>
<description>PostgreSQL 17 cuts the memory vacuum needs by up to twenty times and adds incremental backups to pg_basebackup.</description></item>
<item><title>Local library reopens after two-year renovation</title><link>https://city.example.com/library</link>
<description>The central library reopened on Saturday with a new children’s wing, a maker space and longer weekend hours.</description></item>
<item><title>Tech firm cuts 1,200 jobs in restructuring</title><link>https://news.example.com/job-cuts</link>
<description>The company said the cuts, about 8% of its staff, would fall mostly on sales and recruiting teams.</description></item>
</channel></rss>`;
const items = parseFeed(FEED) ?? [];
let curated = 0;
let complete = 0;
const curatedSamples: string[] = [];
for (const [p, preset] of PERSONALITY_PRESETS.entries()) {
  const persona = fixturePersona(preset.traits, { platforms: ['x', 'bluesky'] });
  for (const [i, item] of items.entries()) {
    const [post] = composeOffline({
      persona,
      request: {
        kind: 'generate',
        type: 'short post',
        count: 1,
        brief: { kind: 'curated', headline: item.title, summary: item.summary, link: item.link },
      },
      random: seeded(7 + p * 1_000 + i * 31),
      sentiment,
    });
    const text = post?.content ?? '';
    curated++;
    const key = (item.summary ?? '').split(/(?<=[.!?])\s+/)[0]?.slice(0, 40) ?? '';
    if (text.includes(item.title) && (!key || text.includes(key)) && item.link && text.includes(item.link)) complete++;
    curatedSamples.push(`${preset.name}: ${text}`);
  }
}
rows.push([
  `writing, curated: posts from ${items.length} RSS items × ${PERSONALITY_PRESETS.length} presets with headline, key sentence and link`,
  `${complete} of ${curated}`,
]);
if (process.env.BENCH_WRITING_SAMPLES) {
  const pickSome = (list: string[], n: number, seed: number) => {
    const r = seeded(seed);
    return Array.from({ length: n }, () => list[Math.floor(r() * 7919 * list.length) % list.length]);
  };
  console.error(`\nOriginal posts:\n${pickSome(samples, 20, 5).join('\n\n')}`);
  console.error(`\nCurated posts:\n${pickSome(curatedSamples, 12, 9).join('\n\n')}`);
}

console.log(JSON.stringify(rows));
