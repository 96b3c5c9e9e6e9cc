import { describe, expect, it } from 'vitest';
import type { LandingRepository } from './landing.repository';
import { createLandingService } from './landing.service';

/** A repository that counts how often the metrics' aggregates run, and can be told to fail. */
function countingRepository() {
  const state = { runs: 0, fail: false, posts: 1 };
  const repository = {
    async countPublishedByPlatform() {
      state.runs += 1;
      if (state.fail) throw new Error('database gone');
      return { x: 0, bluesky: state.posts };
    },
    countActiveUsers: async () => 1,
    medianOnboardingSeconds: async () => null,
    heartbeats: async () => ({ first: null, seen: 0, currentSeen: false }),
  } as unknown as LandingRepository;
  return { state, repository };
}

describe('the landing metrics', () => {
  it('are counted once per cache window, then afresh', async () => {
    let clock = 0;
    const { state, repository } = countingRepository();
    const landing = createLandingService({ repository, metricsCacheMs: 60_000, now: () => new Date(clock) });
    expect((await landing.metrics()).totalPosts).toBe(1);
    state.posts = 2;
    clock = 59_000;
    expect((await landing.metrics()).totalPosts).toBe(1);
    expect(state.runs).toBe(1);
    clock = 60_000;
    expect((await landing.metrics()).totalPosts).toBe(2);
    expect(state.runs).toBe(2);
  });

  it('do not keep a failure', async () => {
    const { state, repository } = countingRepository();
    const landing = createLandingService({ repository, metricsCacheMs: 60_000, now: () => new Date(0) });
    state.fail = true;
    await expect(landing.metrics()).rejects.toThrow('database gone');
    state.fail = false;
    expect((await landing.metrics()).totalPosts).toBe(1);
  });

  it('are counted on every call without a cache window', async () => {
    const { state, repository } = countingRepository();
    const landing = createLandingService({ repository });
    await landing.metrics();
    await landing.metrics();
    expect(state.runs).toBe(2);
  });
});
