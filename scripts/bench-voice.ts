// Part of npm run bench (the voice section; bench.mjs runs it with tsx): how measurably each slider
// shapes the writing (decision 023). For each trait, short posts by the offline composer at 10 and 90
// (the others at their defaults) over the varied topics, scored by the trait's measure
// (voice-measures.ts; optimism by VADER's compound score): how often a blind threshold tells 10 from
// 90 (the threshold is fitted on one half of the topics and judged on the other), and Spearman's
// rank correlation of the measure with the slider over 0, 25, 50, 75, 100, and the same threshold
// between 35 and 65 (the mid-range). Then the prompt sent to
// models: which traits change it between 35 and 65, and how many 10-point moves change it.
// Prints one line of JSON: rows of [label, value].
import { buildPrompt, composeOffline, TRAIT_KEYS, type TraitKey, type Traits, type WritingPersona } from '@plume/core';
import vader from 'vader-sentiment';
import { fixturePersona, seeded, VARIED_TOPICS } from '../packages/core/src/writing/fixtures';
import { measureVoice } from '../packages/core/src/writing/voice-measures';

const persona = (traits: Partial<Traits>): WritingPersona =>
  fixturePersona(traits, { name: 'Bench', platforms: ['x', 'bluesky'] });

const sentiment = (text: string) => vader.SentimentIntensityAnalyzer.polarity_scores(text).compound;

/** The trait's measure of one post written at `value` on `topic`. */
function scored(trait: TraitKey, value: number, topic: string, seed: number): number {
  const [post] = composeOffline({
    persona: persona({ [trait]: value }),
    request: { kind: 'generate', type: 'short post', topic, count: 1 },
    random: seeded(seed),
  });
  return measureVoice(trait, post?.content ?? '', { subject: topic, sentiment });
}

/** The threshold between two samples' values that sorts most of them right ("high" above it). */
function fitThreshold(low: number[], high: number[]): number {
  const candidates = [...new Set([...low, ...high])].sort((a, b) => a - b);
  let best = { threshold: 0, right: -1 };
  for (let i = 0; i < candidates.length - 1; i++) {
    const threshold = ((candidates[i] as number) + (candidates[i + 1] as number)) / 2;
    const right = low.filter((v) => v < threshold).length + high.filter((v) => v > threshold).length;
    if (right > best.right) best = { threshold, right };
  }
  return best.threshold;
}

/** Ranks with ties sharing their average rank. */
function ranks(values: number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const out = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.v === order[start]?.v) end++;
    for (let k = start; k <= end; k++) out[order[k]?.i as number] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return out;
}

function spearman(x: number[], y: number[]): number {
  const rx = ranks(x);
  const ry = ranks(y);
  const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  const mx = mean(rx);
  const my = mean(ry);
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < rx.length; i++) {
    const a = (rx[i] as number) - mx;
    const b = (ry[i] as number) - my;
    num += a * b;
    dx += a * a;
    dy += b * b;
  }
  return num / Math.sqrt(dx * dy);
}

const rows: [string, string | number][] = [];
const topics = VARIED_TOPICS;
const half = Math.floor(topics.length / 2);
let worstAccuracy = 1;
let worstRho = 1;
let worstMid = 1;
const midRows: [string, string][] = [];
for (const trait of TRAIT_KEYS) {
  const at = (value: number, list: readonly string[], offset: number) =>
    list.map((topic, i) => scored(trait, value, topic, 1 + i + offset));
  // Fitted on the first half of the topics, judged on the second half (other dice).
  const threshold = fitThreshold(at(10, topics.slice(0, half), 0), at(90, topics.slice(0, half), 0));
  const low = at(10, topics.slice(half), 5000);
  const high = at(90, topics.slice(half), 9000);
  const right = low.filter((v) => v < threshold).length + high.filter((v) => v > threshold).length;
  const accuracy = right / (low.length + high.length);
  const sliders: number[] = [];
  const measures: number[] = [];
  const means: string[] = [];
  for (const value of [0, 25, 50, 75, 100]) {
    const values = at(value, topics, 20_000 + value * 1000);
    sliders.push(...values.map(() => value));
    measures.push(...values);
    means.push((values.reduce((s, v) => s + v, 0) / values.length).toFixed(2));
  }
  const rho = spearman(sliders, measures);
  // The mid-range: 35 against 65, the same blind threshold (decision 038: the between traits' leans).
  const midThreshold = fitThreshold(at(35, topics.slice(0, half), 40_000), at(65, topics.slice(0, half), 40_000));
  const midLow = at(35, topics.slice(half), 45_000);
  const midHigh = at(65, topics.slice(half), 49_000);
  const midRight = midLow.filter((v) => v < midThreshold).length + midHigh.filter((v) => v > midThreshold).length;
  const midAccuracy = midRight / (midLow.length + midHigh.length);
  worstMid = Math.min(worstMid, midAccuracy);
  midRows.push([`voice, ${trait}: 35 vs 65 told apart by a blind threshold`, `${(midAccuracy * 100).toFixed(1)}%`]);
  worstAccuracy = Math.min(worstAccuracy, accuracy);
  worstRho = Math.min(worstRho, rho);
  rows.push([
    `voice, ${trait}: 10 vs 90 told apart by a blind threshold · rank correlation 0-100 · mean measure at 0/25/50/75/100`,
    `${(accuracy * 100).toFixed(1)}% · ${rho.toFixed(3)} · ${means.join(' / ')}`,
  ]);
}
rows.push([
  `voice: worst trait over ${topics.length} topics (targets ≥ 90% and ≥ 0.9)`,
  `${(worstAccuracy * 100).toFixed(1)}% · ${worstRho.toFixed(3)}`,
]);
rows.push(...midRows, ['voice: worst trait, 35 vs 65 (target ≥ 65%)', `${(worstMid * 100).toFixed(1)}%`]);

// The prompt sent to models.
const promptOf = (traits: Partial<Traits>) =>
  buildPrompt({ persona: persona(traits), request: { kind: 'generate', type: 'short post', count: 1 } }).system;
const changed35to65 = TRAIT_KEYS.filter((trait) => promptOf({ [trait]: 35 }) !== promptOf({ [trait]: 65 }));
let moves = 0;
let changing = 0;
for (const trait of TRAIT_KEYS) {
  for (let value = 0; value < 100; value += 10) {
    moves++;
    if (promptOf({ [trait]: value }) !== promptOf({ [trait]: value + 10 })) changing++;
  }
}
rows.push(
  ['voice, model prompt: traits that change it between 35 and 65 (target 9)', `${changed35to65.length} of 9`],
  ['voice, model prompt: 10-point moves that change it', `${changing} of ${moves}`],
);

console.log(JSON.stringify(rows));
