/** Persona health, performance badge, engagement colour and number formats (app spec: States). */

export type PersonaMetrics = { isActive: boolean; engagementRate: number; totalPosts: number; followers: number };

export function healthIssues(m: PersonaMetrics): string[] {
  const issues: string[] = [];
  if (!m.isActive) issues.push('Paused');
  if (m.engagementRate < 2) issues.push('Engagement rate under 2%');
  if (m.totalPosts < 10) issues.push('Fewer than 10 posts');
  return issues;
}

/** 100 minus 25 per issue (inactive; engagement rate below 2; fewer than 10 posts). */
export function healthScore(m: PersonaMetrics): number {
  return 100 - 25 * healthIssues(m).length;
}

export type HealthStatus = 'excellent' | 'good' | 'needs-attention';

export function healthStatus(score: number): HealthStatus {
  if (score >= 80) return 'excellent';
  if (score >= 60) return 'good';
  return 'needs-attention';
}

export type PerformanceBadge = 'Star' | 'High' | 'Good' | 'Growing';

/**
 * The engagement rate is engagements per post per follower (decision 020; impressions are not
 * used: Bluesky gives none, and nothing stands in for them). With a handful of followers it swings
 * on a few likes and passes 100% as soon as people beyond the followers engage (2 followers, 5
 * engagements on 2 posts: 125%). Below this many followers a rate is shown but not judged: the
 * badge is Growing and its colour neutral (decision 042).
 */
export const MIN_FOLLOWERS_TO_JUDGE_RATE = 100;

/** Whether a rate rests on enough followers to be called high or low. */
export const rateIsJudged = (followers: number) => followers >= MIN_FOLLOWERS_TO_JUDGE_RATE;

export function performanceBadge(engagementRate: number, followers: number): PerformanceBadge {
  if (!rateIsJudged(followers)) return 'Growing';
  if (engagementRate >= 5 && followers >= 10_000) return 'Star';
  if (engagementRate >= 4) return 'High';
  if (engagementRate >= 2) return 'Good';
  return 'Growing';
}

export type EngagementColor = 'green' | 'blue' | 'yellow' | 'grey';

export function engagementColor(engagementRate: number, followers: number): EngagementColor {
  if (!rateIsJudged(followers)) return 'grey';
  if (engagementRate >= 5) return 'green';
  if (engagementRate >= 3) return 'blue';
  if (engagementRate >= 1) return 'yellow';
  return 'grey';
}

/** >= 1,000,000 as one-decimal M; >= 1,000 as one-decimal K; otherwise the number. */
export function formatCount(value: number): string {
  // 999,950 would round to "1000.0K": it reads as 1.0M.
  if (value >= 999_950) return `${(value / 1_000_000).toFixed(1)}M`;
  if (value >= 1_000) return `${(value / 1_000).toFixed(1)}K`;
  return String(value);
}
