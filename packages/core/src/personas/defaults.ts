/** The editor spec's defaults for a new persona. */
import {
  type AdvancedOptions,
  type Automation,
  type ContentSource,
  DEFAULT_LANGUAGES,
  type Persona,
  type ReplyTemplate,
  type Strategy,
} from './persona';
import { DEFAULT_TRAITS } from './traits';

export const DEFAULT_PERSONA_NAME = 'New Persona';
export const MAX_ACTIVE_PERSONAS = 10;

export const DEFAULT_REPLY_TEMPLATES: ReplyTemplate[] = [
  {
    id: 'appreciation',
    name: 'Appreciation',
    text: 'Thank them warmly and specifically for what they said.',
    triggers: ['thanks', 'thank you', 'love this', 'great post'],
    context: 'mention',
    sentiment: 'positive',
    isActive: true,
  },
  {
    id: 'question-response',
    name: 'Question Response',
    text: 'Answer the question directly and briefly, then offer one useful pointer.',
    triggers: ['how', 'why', 'what', '?'],
    context: 'any',
    sentiment: 'any',
    isActive: true,
  },
  {
    id: 'agreement',
    name: 'Agreement',
    text: 'Agree and add one point of your own that moves the idea forward.',
    triggers: ['agree', 'exactly', 'so true'],
    context: 'reply',
    sentiment: 'positive',
    isActive: true,
  },
  {
    id: 'encouragement',
    name: 'Encouragement',
    text: 'Encourage them with something concrete they can do next.',
    triggers: ['struggling', 'stuck', 'hard', 'trying'],
    context: 'any',
    sentiment: 'negative',
    isActive: false,
  },
  {
    id: 'discussion-starter',
    name: 'Discussion Starter',
    text: 'Ask a thoughtful follow-up question that invites others in.',
    triggers: ['think', 'opinion', 'thoughts'],
    context: 'reply',
    sentiment: 'neutral',
    isActive: false,
  },
];

export function defaultAutomation(): Automation {
  return {
    autoPosting: {
      enabled: false,
      frequency: 'daily',
      customTimes: ['09:00', '15:00'],
      advancedSchedule: { Monday: ['09:00'], Wednesday: ['15:00'], Friday: ['12:00'] },
      contentMix: { original: 70, curated: 20, promotional: 10 },
      smartTiming: true,
      publishWithoutReview: false,
    },
    autoReplies: {
      enabled: false,
      responseRate: 30,
      maxRepliesPerHour: 5,
      sentimentFilter: 'neutral-positive',
      templates: DEFAULT_REPLY_TEMPLATES.map((t) => ({ ...t, triggers: [...t.triggers] })),
      contextualReplies: true,
      publishWithoutReview: false,
      xCheckMinutes: 15,
      notifyMentions: false,
    },
    engagement: {
      enabled: false,
      autoLike: { enabled: false, maxLikesPerHour: 10, targetAccounts: [] },
      autoRetweet: { enabled: false, maxRetweetsPerDay: 3, keywordFilter: [] },
      autoFollow: {
        enabled: false,
        maxFollowsPerDay: 5,
        targetCriteria: { minFollowers: 100, maxFollowers: 10_000, keywords: [] },
      },
    },
    safety: {
      dailyActivityLimit: 50,
      cooldownPeriods: true,
      humanLikePatterns: true,
      backupBeforeActions: true,
      labelAutomated: true,
      whoCanReply: 'everyone',
    },
  };
}

export function defaultAdvancedOptions(): AdvancedOptions {
  return { includeHashtags: true, threadGeneration: false, linkSharing: true, modelTemperature: 0.7, maxLength: 280 };
}

export function defaultSources(): ContentSource[] {
  return [
    {
      id: 'hacker-news',
      name: 'Hacker News',
      type: 'rss',
      url: 'https://news.ycombinator.com/rss',
      enabled: true,
      frequency: 3,
      status: 'active',
      lastCheck: null,
      errorMessage: null,
    },
    {
      id: 'the-verge',
      name: 'The Verge',
      type: 'rss',
      url: 'https://www.theverge.com/rss/index.xml',
      enabled: false,
      frequency: 3,
      status: 'pending',
      lastCheck: null,
      errorMessage: null,
    },
    {
      id: 'r-programming',
      name: 'r/programming',
      type: 'reddit',
      url: 'https://www.reddit.com/r/programming/',
      enabled: false,
      frequency: 2,
      status: 'pending',
      lastCheck: null,
      errorMessage: null,
    },
  ];
}

export function defaultStrategies(): Strategy[] {
  return [
    {
      id: 'commentary',
      name: 'Commentary',
      description: 'Your take on a story from your sources.',
      enabled: true,
      weight: 8,
      prompt: 'Comment on the headline with a clear opinion in the persona voice.',
      examples: [],
    },
    {
      id: 'discussion-starters',
      name: 'Discussion Starters',
      description: 'Questions that invite your audience to reply.',
      enabled: true,
      weight: 6,
      prompt: 'Turn the topic into an open question for the audience.',
      examples: [],
    },
    {
      id: 'hot-takes',
      name: 'Hot Takes',
      description: 'Bold, debatable opinions.',
      enabled: false,
      weight: 4,
      prompt: 'State a bold, debatable opinion about the topic.',
      examples: [],
    },
    {
      id: 'educational-breakdown',
      name: 'Educational Breakdown',
      description: 'Explain one idea simply.',
      enabled: false,
      weight: 5,
      prompt: 'Explain the key idea behind the topic in plain words.',
      examples: [],
    },
  ];
}

export type PersonaSettings = Pick<
  Persona,
  | 'name'
  | 'bio'
  | 'avatar'
  | 'languages'
  | 'personality'
  | 'automation'
  | 'sources'
  | 'advanced_options'
  | 'tags'
  | 'is_active'
  | 'is_public'
  | 'require_alt_text'
  | 'custom_prompt'
  | 'use_default_prompt'
  | 'templates'
  | 'monetization'
>;

/** Everything a user sets on a new persona, at the specs' defaults (server and editor alike). */
export function defaultPersonaSettings(): PersonaSettings {
  return {
    name: DEFAULT_PERSONA_NAME,
    bio: '',
    avatar: '',
    languages: [...DEFAULT_LANGUAGES],
    personality: { ...DEFAULT_TRAITS },
    automation: defaultAutomation(),
    sources: defaultSources(),
    advanced_options: defaultAdvancedOptions(),
    tags: [],
    is_active: true,
    is_public: false,
    require_alt_text: false,
    custom_prompt: '',
    use_default_prompt: true,
    templates: defaultStrategies(),
    monetization: { enabled: false, links: [] },
  };
}
