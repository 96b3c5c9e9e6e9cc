import vader from 'vader-sentiment';
import { fixturePersona, seeded } from '../packages/core/src/writing/fixtures';
import { composeOffline } from '../packages/core/src/writing/offline-composer';

const sentiment = (t: string) => vader.SentimentIntensityAnalyzer.polarity_scores(t).compound;
const topics = [
  'the rail strike on Monday',
  'remote work',
  'mortgage rates going up',
  'a Postgres outage',
  'sourdough baking',
  'layoffs at Google',
  'why most startups fail',
  'TypeScript generics',
];
const personas = [
  {},
  { humor: 90, emoji: 80 },
  { technicality: 90, professionalism: 80 },
  { tone: 85, controversial: 85, sarcasm: 70 },
  { optimism: 90, engagement: 90, emoji: 70 },
];
let seed = 1;
for (const [i, topic] of topics.entries()) {
  for (const type of ['short post', 'question', 'joke', 'observation'] as const) {
    const traits = personas[(i + seed) % personas.length];
    const [p] = composeOffline({
      persona: fixturePersona(traits, { platforms: ['x', 'bluesky'] }),
      request: { kind: 'generate', type, topic, count: 1 },
      random: seeded(seed++),
      sentiment,
    });
    console.log(`[${type}] ${p?.content}\n`);
  }
}
const items = [
  {
    title: 'Cloudflare outage takes down thousands of sites',
    summary:
      'A configuration change in Cloudflare’s network caused a two-hour outage on Tuesday, taking down sites from Discord to Shopify. The company said no data was lost.',
    link: 'https://example.com/cf',
  },
  {
    title: 'Rust 1.80 released with lazy statics',
    summary:
      'The Rust team has released version 1.80, which stabilises LazyCell and LazyLock and adds exclusive ranges in patterns.',
    link: 'https://blog.rust-lang.org/x',
  },
];
for (const [i, item] of items.entries())
  for (let k = 0; k < 3; k++) {
    const [p] = composeOffline({
      persona: fixturePersona(personas[(i + k) % 5], { platforms: ['x', 'bluesky'] }),
      request: {
        kind: 'generate',
        type: 'short post',
        count: 1,
        brief: { kind: 'curated', headline: item.title, summary: item.summary, link: item.link },
      },
      random: seeded(100 + i * 10 + k),
      sentiment,
    });
    console.log(`[curated] ${p?.content}\n`);
  }
