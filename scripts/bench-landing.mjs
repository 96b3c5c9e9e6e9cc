// Part of npm run bench: the landing page (issue 8). Its first-load JavaScript against the 100 KB
// gzip budget, and Lighthouse (mobile preset, default simulated throttling) against / as the
// production server serves it: the median of three runs of each score and metric.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const LANDING_JS_BUDGET_KB = 100;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const RUNS = 3;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The JavaScript a first visit to / loads: the entry script of index.html and, through the Vite
 * manifest, every chunk it imports statically (what the browser fetches or modulepreloads), plus
 * the landing's own lazy parts (the sections below the hero), which every visit fetches right after
 * the first paint. Other chunks behind import() are the app's screens, loaded when visited.
 */
const isLandingPart = (key) => key.startsWith('src/features/landing/') && !key.includes('legal-pages');

export function landingScripts(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const lazy of chunk.dynamicImports ?? []) if (isLandingPart(lazy)) visit(lazy);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  // Whatever index.html itself names (entry, modulepreloads, plain scripts) counts too.
  for (const [, file] of html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)) files.add(file);
  return [...files];
}

/** gzip KB of the landing's first-load JavaScript and of all the web app's JavaScript. */
export function landingBundle(dist) {
  const gzip = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const landing = landingScripts(dist);
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const all = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((f) => f.endsWith('.js'));
  return {
    files: landing,
    landingKb: kb(landing.reduce((sum, file) => sum + gzip(file), 0)),
    allKb: kb(all.reduce((sum, file) => sum + gzip(file), 0)),
  };
}

/** Lighthouse's mobile run of `url`, RUNS times in a fresh Chromium each; medians. */
export async function lighthouseLanding(url) {
  // chrome-launcher comes with lighthouse; resolved from there so hoisting doesn't matter.
  const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse/package.json'));
  const { launch } = await import(fromLighthouse.resolve('chrome-launcher'));
  const { default: lighthouse } = await import('lighthouse');
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    try {
      const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json' });
      const { categories, audits } = result.lhr;
      const failed = Object.values(categories)
        .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]))
        .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
        .map((audit) => audit.id);
      const scripts = audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
      runs.push({
        scores: Object.fromEntries(Object.keys(TARGETS).map((id) => [id, Math.round(categories[id].score * 100)])),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        si: audits['speed-index'].numericValue,
        scriptTransferKb: kb(scripts?.transferSize ?? 0),
        failed,
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (get) => median(runs.map(get));
  return {
    runs,
    scores: Object.fromEntries(Object.keys(TARGETS).map((id) => [id, pick((run) => run.scores[id])])),
    fcp: pick((run) => run.fcp),
    lcp: pick((run) => run.lcp),
    tbt: pick((run) => run.tbt),
    cls: pick((run) => run.cls),
    si: pick((run) => run.si),
    scriptTransferKb: pick((run) => run.scriptTransferKb),
    // Audits that lost points in any run, so a score under target says why.
    failed: [...new Set(runs.flatMap((run) => run.failed))],
  };
}

/** The bench's rows for the landing page. */
export async function benchLanding({ dist, url }) {
  const bundle = landingBundle(dist);
  const verdict = (ok) => (ok ? 'ok' : 'OVER');
  const rows = [
    [
      `landing JavaScript incl. its lazy sections, gzip (KB; budget ${LANDING_JS_BUDGET_KB})`,
      `${bundle.landingKb} ${verdict(bundle.landingKb <= LANDING_JS_BUDGET_KB)} (${bundle.files.length} files)`,
    ],
    ['all web JavaScript, gzip (KB)', bundle.allKb],
  ];
  const lh = await lighthouseLanding(url);
  for (const [id, target] of Object.entries(TARGETS)) {
    const score = lh.scores[id];
    rows.push([
      `Lighthouse mobile ${id}, median of ${RUNS} (target ${target})`,
      `${score} ${verdict(score >= target)}`,
    ]);
  }
  rows.push(
    ['Lighthouse all runs (perf/a11y/bp/seo)', lh.runs.map((run) => Object.values(run.scores).join('/')).join('  ')],
    ['Lighthouse FCP / LCP / Speed Index (ms)', `${Math.round(lh.fcp)} / ${Math.round(lh.lcp)} / ${Math.round(lh.si)}`],
    ['Lighthouse TBT (ms) / CLS', `${Math.round(lh.tbt)} / ${lh.cls.toFixed(3)}`],
    ['Lighthouse script bytes transferred on / (KB)', lh.scriptTransferKb],
  );
  if (lh.failed.length > 0) rows.push(['Lighthouse audits losing points', lh.failed.join(', ')]);
  return rows;
}
