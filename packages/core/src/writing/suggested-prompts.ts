/**
 * The AI Draft panel's pool of suggested prompts (editor spec §9: 25, on the themes humorous
 * survival tips, productivity and motivation, self-improvement habits, sarcastic takes on trends
 * and news, controversial opinions and audience questions).
 */
export const SUGGESTED_PROMPTS = [
  // Humorous survival tips
  'Share a funny survival tip for getting through a Monday full of meetings',
  'Give a humorous survival guide for working from home with a cat on the keyboard',
  'Write a tongue-in-cheek tip for surviving a reply-all email storm',
  'Offer a funny survival tip for the last hour before a big deadline',
  'Share a humorous tip for surviving small talk at a networking event',
  // Productivity and motivation
  'Write a motivating post about starting the day with one small win',
  'Share a productivity trick that saves at least an hour a week',
  'Write an encouraging post for anyone stuck on a hard problem today',
  'Give a short pep talk about finishing what you started',
  'Share how to stay focused when everything feels urgent',
  // Self-improvement habits
  'Describe one tiny daily habit that compounds over a year',
  'Share a habit that made you better at learning new skills',
  'Write about building a reading habit when you have no time',
  'Give a practical tip for breaking a bad habit for good',
  'Share a weekly reflection habit and why it works',
  // Sarcastic takes on trends and news
  'Write a sarcastic take on the latest tech trend everyone suddenly needs',
  'Give a sarcastic review of yet another productivity app launch',
  'Share a dry, sarcastic take on buzzwords in this week’s news',
  'Write a sarcastic post about a startup pivoting for the fifth time',
  'Offer a sarcastic take on “revolutionary” features that already existed',
  // Controversial opinions and audience questions
  'Share a controversial opinion about remote work and invite replies',
  'Post an unpopular opinion about your field and ask who agrees',
  'Ask your audience which overrated tool they would happily give up',
  'Ask your followers the best piece of advice they ignored and regret',
  'Start a debate: is hustle culture helping or hurting people?',
] as const;

/**
 * Another suggestion, never `current` (the panel's 'Get a different query').
 * `random` returns a number in [0, 1), like Math.random; injected for tests.
 */
export function pickSuggestion(current: string | null, random: () => number = Math.random): string {
  const others = SUGGESTED_PROMPTS.filter((p) => p !== current);
  const index = Math.min(others.length - 1, Math.floor(random() * others.length));
  return others[Math.max(0, index)] as string;
}
