/**
 * The offline composer's phrase banks (decision 038): bodies are a frame naming the subject
 * ("about {s}") and a claim chosen by the topic's mood; touches are templates with alternatives
 * (`[a|b|c]`), so one persona's posts rarely repeat a whole sentence. Every alternative of a
 * trait's touch carries one of the trait's cues (voice-measures.ts), so each touch still counts.
 */
import { escapeRegExp } from '../regexp';
import type { Mood } from './mood';

/**
 * One choice of each `[a|b|c]` in a template, read from a single roll: the first group takes the
 * roll's first digits, the next the rest (so the same roll always gives the same sentence).
 */
export function expand(template: string, roll: number): string {
  let r = Math.min(0.999999, Math.max(0, ((roll % 1) + 1) % 1));
  return template.replace(/\[([^[\]]*)\]/g, (_, group: string) => {
    const options = group.split('|');
    const scaled = r * options.length;
    const index = Math.floor(scaled);
    r = scaled - index;
    return options[index] ?? '';
  });
}

/** How many sentences a template can give (the product of its groups' sizes). */
export const variants = (template: string) =>
  [...template.matchAll(/\[([^[\]]*)\]/g)].reduce((n, m) => n * (m[1]?.split('|').length ?? 1), 1);

/** Claims a body makes, by the topic's mood: clauses that read after "and", ":" or "is that". */
export const CLAIMS: Record<Mood, readonly string[]> = {
  neutral: [
    'the simple approach keeps coming out ahead',
    'small decisions made on time beat big plans made late',
    'the details matter more than the headlines',
    'the people closest to it see the change first',
    'the unglamorous parts decide how it goes',
    'most of it comes down to the follow-through',
    'it takes steadiness more than cleverness',
    'the first step is smaller than it looks',
    'doing it every week matters more than knowing what to do',
    'careful questions get further than quick answers',
    'the basics still carry most of the weight',
    'starting is simpler than keeping going',
    'writing things down changes how it goes',
    'the right habit matters more than the right tool',
    'there is more nuance in it than the loud posts suggest',
    'the people who write up their notes learn fastest',
    'what looks like chance is mostly preparation',
    'the second attempt teaches more than the first',
    'it is worth doing slowly before doing it fast',
    'the quiet weeks are where the work happens',
  ],
  bad: [
    'the people affected deserve clear answers',
    'the cost lands on those with the least say',
    'what happens next week matters more than the first reactions',
    'a plan B is worth more than a strong opinion',
    'plain, early updates would have spared a lot of stress',
    'it is worth checking how it affects you before reacting',
    'the slow fix is usually the one that holds',
    'it is a reminder to keep some slack in every plan',
    'the details will matter more than the first headlines',
    'patience and a backup plan go a long way',
    'the people doing the work rarely get asked first',
    'a calm look at the facts helps more than a hot reaction',
    'the knock-on effects will take a while to show',
    'it is fair to be frustrated and still plan ahead',
  ],
  good: [
    'it is a good sign, and the details are worth a look',
    'progress like this is easy to miss and worth noticing',
    'the people who kept at it deserve the credit',
    'it shows what steady work adds up to',
    'small steps like this add up',
    'it is nice to see patience pay off',
    'the follow-through here is the part to learn from',
    'the next step will be the interesting one',
  ],
};

/** Claims on an ordinary topic for an optimist (each with an upbeat cue) and for a skeptic. */
export const UPBEAT_CLAIMS: readonly string[] = [
  'the progress is real, and that is great to see',
  'it is more encouraging than the loud posts suggest',
  'persistence pays off here more than talent, which is encouraging',
  'there is a lot to be hopeful about here',
  'it keeps getting better, and I love that',
  'the small wins are adding up, which is great',
  'the people working on it are doing wonderful work',
  'it is a good time to start, and that is exciting',
  'the next few years look genuinely exciting',
  'the best part is how much great work is being shared',
  'the people who stick with it end up glad they did, and that is great',
  'every month it gets a little easier, which is encouraging',
  'the curious beginners are the good news here',
  'it is a wonderful thing to get better at',
  'the momentum is real, and I am hopeful about where it goes',
  'a little patience turns it into something great',
];
export const SKEPTICAL_CLAIMS: readonly string[] = [
  'most of it will fail to arrive on time',
  'I doubt the quick version works for long',
  'the hype is loud and the results are weak',
  'the results so far are poor, whatever the posts say',
  'I worry the hard part is still being skipped',
  'most of the quick fixes disappoint',
  'the track record is poor, so I stay skeptical',
  'the problems nobody mentions are the ones that bite',
  'I am not convinced the current approach will last',
  'the hype hides the real problems',
  'the quick answers tend to fail on the second try',
  'I doubt the advice survives a bad week',
  'the poor results get explained away too quickly',
  'most of the shortcuts fail the moment things get busy',
  'I worry the warning signs get ignored',
  'the costs show up later, and they disappoint',
];

/**
 * Bodies by kind of post: a frame that names the subject after "about" ({s}) and, where it has a
 * `{c}`, a claim chosen by mood. Frames without a claim are for topics that are not bad news.
 */
export const FRAMES = {
  'short post': [
    'Thinking about {s} this week: {c}.',
    'The more I read about {s}, the clearer it gets: {c}.',
    'What I keep relearning about {s}: {c}.',
    'A note to self about {s}: {c}.',
    'What stayed with me about {s}: {c}.',
    'Read up about {s} this morning. Takeaway: {c}.',
    'A quick thought about {s}: {c}.',
    'All I read about {s} says one thing: {c}.',
    'Talked with a few people about {s}, and {c}.',
    'Where I land on the news about {s}: {c}.',
    'One lesson about {s} so far: {c}.',
    'Reading about {s} takes an hour; doing the work weekly is the real test.',
    'Most advice about {s} fits in one sentence: do the next small thing.',
  ],
  observation: [
    'Noticed something about {s} this week: {c}.',
    'A pattern I keep seeing in the talk about {s}: {c}.',
    'The quiet part of the story about {s}: {c}.',
    'What people rarely say about {s}: {c}.',
    'Years of reading about {s} taught me this: {c}.',
    'Strange how everything about {s} takes twice as long and teaches twice as much.',
    'The people who know the most about {s} talk about it the least.',
    'Everyone has a theory about {s}, and very few have a habit.',
  ],
  advice: [
    'One rule I follow about {s}: {c}.',
    'My advice about {s}: {c}.',
    'When asked about {s}, I say: {c}.',
    'The most useful thing I have heard about {s}: {c}.',
    'A practical tip about {s}: remember that {c}.',
    'Deciding something about {s}? Remember: {c}.',
    'If thinking about {s} feels like a lot, take the smallest step you can finish today.',
    'Before you read another thread about {s}, try the simplest version yourself.',
  ],
  question: [
    'What is one thing about {s} you wish you had known sooner?',
    'If you had to explain everything about {s} in one sentence, what would you say?',
    'Where did you learn the most about {s}?',
    'What is the most underrated idea about {s}?',
    'What is your honest view about {s}?',
    'What would you tell a beginner about {s}?',
    'What changed your mind about {s}?',
    'Which question about {s} do you wish more people asked?',
    'What is the most useful thing anyone told you about {s}?',
    'How do you keep up with the news about {s}?',
    'What is the best thing you have read about {s} lately?',
    'What should people know about {s} before they react?',
    'How is the news about {s} affecting you?',
    'What would actually help right now, with everything going on about {s}?',
  ],
  joke: [
    'I tried to read a little about {s}, and now I have a spreadsheet about my spreadsheet.',
    'My thoughts about {s} are like my Wi-Fi: strong in theory, patchy in practice.',
    'Told my houseplant about {s} and it wilted on the spot, tough crowd.',
    'Me: one quick read about {s}; also me, 47 tabs later: still going.',
    'They said reading about {s} would take five minutes, and they also said the meeting would be short.',
    'Gave my cat a talk about {s} and she left halfway through.',
    'I have strong opinions about {s} and absolutely no evidence.',
    'Every time I learn something about {s}, my to-do list grows by three.',
    'Asked my dog about {s} and he asked for a snack, which is fair.',
    'Weekend plan: read everything about {s}; actual weekend: one nap, zero reading.',
    'Explained everything about {s} to my mum, and now she explains it back to me, better.',
  ],
  take: [
    'Most of what gets said about {s} is noise, and {c}.',
    'The loudest voices about {s} have the least to lose, and {c}.',
    'The debate about {s} misses the point: {c}.',
    'People overcomplicate everything about {s}, and the truth is that {c}.',
    'Where I land on everything about {s}: {c}.',
    'In five years, we will laugh at how seriously we took the debate about {s}.',
    'Everyone is excited about {s}, and I will be excited when it shows results.',
  ],
} as const;

/** Frames a mood may use: bad news only gets frames with a claim (chosen for bad news) or a plain question. */
export function framesFor(kind: keyof typeof FRAMES, mood: Mood): readonly string[] {
  const all = FRAMES[kind];
  const badOnly = /affecting you|actually help right now|before they react/;
  if (mood !== 'bad') return all.filter((f) => !badOnly.test(f));
  if (kind === 'joke') return all.filter((f) => !/spreadsheet about my|47 tabs|Weekend plan/.test(f));
  return all.filter((f) => f.includes('{c}') || (kind === 'question' && !/underrated|beginner|honest/.test(f)));
}

type Pole = { openers: readonly string[]; asides: readonly string[] };
export type TouchBank = Record<string, { high: Pole; low?: Pole; bad?: { high?: Pole; low?: Pole } }>;

/**
 * Each trait's touches at its high pole and (between traits) its low one; `bad` replaces a pole on
 * bad news (hopeful instead of celebrating, a claim instead of "overrated"). `{h}` is the subject
 * as a noun phrase ("remote work", "the rail strike") or "this".
 */
export const TOUCH_BANK: TouchBank = {
  humor: {
    high: {
      openers: ['Plot twist:', 'True story:', 'Confession:', 'Fun fact nobody asked for:'],
      asides: [
        '[My cat|My dog|My houseplant|My coffee|My inbox|My to-do list] [has opinions on|has questions about|slept through my talk about|has heard enough about] {h}[| already| again].',
        'Yes, I made a spreadsheet about {h}[| again|, with colours].',
        'Source: my [23|47|61|112] open tabs on {h}.',
        'Learned [that one|it] the hard way with {h}[|, twice|, on a Monday].',
        'Ask me how I know about {h}; [my cat|my coffee|my inbox|my dog] certainly does.',
      ],
    },
    bad: {
      high: {
        openers: ['True story:', 'Confession:'],
        asides: [
          '[My cat|My dog|My houseplant|My coffee] [has opinions on|has heard enough about|slept through my talk about] {h}[| already| again].',
          'Yes, I made a spreadsheet about {h}[| again|, because of course I did].',
          'Source: my [23|47|61] open tabs on {h}.',
        ],
      },
    },
  },
  sarcasm: {
    high: {
      openers: ['Shocking absolutely no one:', 'Groundbreaking news:', 'In today’s episode of the obvious:'],
      asides: [
        'Sure, [everything about|anything involving] {h} always goes exactly to plan.',
        'Who could possibly have seen that coming[ with {h}|, with {h} of all things].',
        '[Truly|Totally] revolutionary [stuff|insight|news] about {h}[, I know|].',
        'But sure, what do I know about {h}[|, really].',
        'Totally normal[ for {h}|, {h} edition], nothing to see here.',
        'Groundbreaking [take|insight|news] about {h}, I [know|realise].',
      ],
    },
  },
  tone: {
    high: {
      openers: ['Harsh truth:', 'Blunt version:'],
      asides: [
        'No excuses [on|with|about] {h}[| anymore].',
        'Stop [overthinking|waiting on|tiptoeing around] {h}[| and act| and decide].',
        'Nobody is coming to [sort out|fix|figure out] {h} for you.',
        'Quit waiting for perfect [on|with] {h}.',
        'Harsh, but [true|fair] about {h}.',
      ],
    },
    low: {
      openers: ['Friendly note:', 'A gentle reminder:'],
      asides: [
        'Be kind to yourself while you [work through|deal with|sort out] {h}.',
        'We are all [learning about|working through|muddling through] {h} [here|together].',
        'Happy to help if {h} has you [stuck|worried|confused].',
        'Go gently with {h}[, friends|, friend].',
        'Proud of you for [looking into|sticking with|showing up for] {h}[|, by the way].',
      ],
    },
  },
  professionalism: {
    high: {
      openers: ['Worth noting:', 'Key takeaway:'],
      asides: [
        'In practice, the [details|small choices|first weeks] of {h} decide the [outcome|result].',
        'The key takeaway on {h}: [clarity before speed|measure before you judge|precise goals first].',
        'Consistency, not intensity, [drives results|decides outcomes] in {h}.',
        'Precise [goals|questions|notes] make progress on {h} [measurable|easier to see|easier to measure].',
      ],
    },
    low: {
      openers: ['Real talk:', 'Quick one:'],
      asides: [
        'ngl, {h} took me a [while|minute|few tries].',
        'tbh that is kinda the whole trick with {h}.',
        'Anyway, that is my two cents on {h}[| for today].',
        'Honestly, {h} is [wild|a lot|something else].',
      ],
    },
  },
  optimism: {
    high: {
      openers: ['Great news:'],
      asides: [
        'Genuinely exciting times for {h}[, and I love it||, honestly| right now].',
        'Good things are coming for {h}[, I think|| this year|, I can feel it].',
        'I love where {h} is heading[| lately| this year| right now].',
        'Small wins in {h} add up, and that is [wonderful|great to see|great news].',
        'Thrilled about where {h} is going[| this year| next].',
      ],
    },
    low: {
      openers: ['Bad news, probably:'],
      asides: [
        'Color me skeptical about {h}; the results so far are poor.',
        'I doubt most of {h} will last[, sadly|].',
        'I worry {h} will disappoint[ again|].',
        'Expect problems no one mentions with {h}, sadly[| and painful delays].',
        'I am not convinced by {h}[, and the track record is poor|].',
      ],
    },
    bad: {
      high: {
        openers: [],
        asides: [
          'Still hopeful [about what comes after|for a fair outcome on|that people get through] {h}.',
          'Hoping for good news on {h} [soon|this week|before long].',
          'There is good work happening on {h}, and I am hopeful[| it shows soon].',
          'Rooting for everyone caught up in {h}, and hopeful[| it eases soon].',
          'Things around {h} tend to settle[ with time| sooner than it feels], hopefully.',
          'Thinking of the people [hit hardest by|dealing with] {h}; hopeful for better days ahead.',
        ],
      },
      low: {
        openers: ['Bad news, probably:'],
        asides: [
          'I doubt {h} is over[, sadly|].',
          'I worry {h} [gets worse|drags on] before it gets better.',
          'Expect [painful delays|more problems] from {h}, sadly.',
          'I am not convinced the fix for {h} will last.',
        ],
      },
    },
  },
  technicality: {
    high: {
      openers: ['Under the hood:', 'Technical note:'],
      asides: [
        '[Measure|Record|Write down] a baseline for {h} first, then change [one variable|one thing|a single variable] at a time.',
        'Track the [median|p95|average] on {h}, not the best day.',
        'Log every change [to|around] {h} with a [date|timestamp].',
        'Map {h} as a [pipeline|system] of [inputs, constraints and outputs|inputs and outputs|steps, inputs and outputs].',
        'Find the bottleneck in {h} before you [optimize|tune|touch] the rest[ of the system|].',
        'Automate the [repeatable|boring|routine] parts of {h}[| and benchmark the rest| and log the rest].',
      ],
    },
    bad: {
      high: {
        openers: ['Technical note:'],
        asides: [
          'Worth reading the [logs|incident logs|metrics] on {h} [before the takes|before reacting|before the hot takes].',
          'The [metrics|latency numbers|throughput numbers] on {h} [will tell the real story|will say more than the headlines|are worth a look first].',
          'Track the [median|p95|average] impact of {h}[, not the worst headline|, not the loudest take|, not the scariest number].',
          'Map the [inputs and constraints|system dependencies] behind {h} [before blaming anyone|before pointing fingers|before drawing conclusions].',
        ],
      },
    },
  },
  controversial: {
    high: {
      openers: ['Unpopular opinion:', 'Hot take:'],
      asides: [
        'Change my mind on {h}[| if you can|, I dare you].',
        'Most people are doing {h} [backwards|completely backwards|the wrong way round, backwards].',
        'The popular take on {h} is simply wrong[| and nobody checks|, and it shows].',
        '{H} is overrated, and I will die on this hill[| happily|, again].',
      ],
    },
    low: {
      openers: [],
      asides: [
        'Your mileage may vary with {h}[| and that is fine|, of course| depending on where you start].',
        'That is just what worked for me with {h}[| so far|, at least| this year|, in my corner].',
        'There is no single right way to [handle|approach|think about|get into] {h}[| and that is okay].',
        'It depends on your situation with {h}[, of course|, as always| more than any rule].',
        'In my experience with {h}[| at least|, for what it is worth], the answer keeps changing.',
      ],
    },
    bad: {
      high: {
        openers: ['Hot take:'],
        asides: [
          'Change my mind on {h}.',
          'Most coverage of {h} gets it backwards.',
          'The popular take on {h} is simply wrong.',
        ],
      },
    },
  },
  engagement: {
    high: {
      openers: [],
      // Questions and invitations in turn: a second touch after a question is an invitation.
      asides: [
        'What would you add about {h}[| from your own experience| to this list|, if anything]?',
        'Replies are open[ on {h}|, especially if you work on {h}| if you see {h} differently].',
        'What is your [experience|own rule|usual approach|first step] with {h}[| so far| lately]?',
        'Tell me [below|in the replies] what [worked|did not work|changed for you] with {h}.',
        'Agree or disagree on {h}[|, for once|, and why]?',
        'Tag someone who [follows|talks about|works on|keeps asking about] {h}.',
        'How do you [handle|approach|think about] {h}[| these days| at work| at home]?',
        'Post your [top tip|biggest lesson|go-to resource] on {h} in the replies.',
      ],
    },
    bad: {
      high: {
        openers: [],
        asides: [
          'How is {h} affecting you[| so far| this week| right now| at work]?',
          'Replies are open if {h} [hits you too|touches your work|changes your plans].',
          'What would make the biggest difference with {h} [right now|this week|from here]?',
          'Tell me how {h} looks [where you are|from your side|in your town].',
          'What are you [hearing|seeing|planning] about {h}[| locally| at work| this week]?',
          'Post what [you know|has worked|you need] about {h} in the replies.',
        ],
      },
    },
  },
};

/**
 * Words that lean a post towards one pole of a between trait, woven into a sentence (not a touch
 * of its own): what tells 35 from 65 when the touches' budget goes to stronger traits.
 */
export type Lean = { lead: string; tail: string };
export const LEANS: Record<'tone' | 'professionalism' | 'optimism' | 'controversial', { high: Lean[]; low: Lean[] }> = {
  tone: {
    high: [
      { lead: 'Bluntly,', tail: ', bluntly' },
      { lead: 'Harsh as it sounds,', tail: ', harsh as it sounds' },
    ],
    low: [
      { lead: 'Friends,', tail: ', friends' },
      { lead: 'Gently,', tail: ', friend' },
    ],
  },
  professionalism: {
    high: [
      { lead: 'In practice,', tail: ', in practice' },
      { lead: 'Notably,', tail: ', to be precise' },
    ],
    low: [
      { lead: 'Honestly,', tail: ', honestly' },
      { lead: 'Tbh,', tail: ', tbh' },
    ],
  },
  optimism: {
    high: [
      { lead: 'Happily,', tail: ', happily' },
      { lead: 'Encouragingly,', tail: ', and that is encouraging' },
    ],
    low: [
      { lead: 'Sadly,', tail: ', sadly' },
      { lead: 'Regrettably,', tail: ', sadly' },
    ],
  },
  controversial: {
    high: [
      { lead: 'Clearly,', tail: ', clearly' },
      { lead: 'Frankly,', tail: ', frankly' },
    ],
    low: [
      { lead: 'Perhaps', tail: ', perhaps' },
      { lead: 'Maybe', tail: ', maybe' },
    ],
  },
};

/**
 * A `more` trait's touch beyond the post's one line of the voice (decision 066): a word or a short
 * phrase woven into a sentence, like a lean, or a short question after the post (engagement). Each
 * carries one of the trait's cues (voice-measures.ts). No humor is woven into bad news.
 */
export const MARKS: Record<'humor' | 'sarcasm' | 'technicality' | 'engagement', { normal: Lean[]; bad?: Lean[] }> = {
  humor: {
    normal: [
      { lead: 'As I learned the hard way,', tail: ', ask me how I know' },
      { lead: 'As my cat would tell you,', tail: ', as I learned the hard way' },
      { lead: 'As my to-do list can confirm,', tail: ', as my cat would tell you' },
    ],
    bad: [],
  },
  sarcasm: {
    normal: [
      { lead: 'Obviously,', tail: ', obviously' },
      { lead: 'Shockingly,', tail: ', shockingly' },
      { lead: 'Obviously,', tail: ', as everyone obviously knew' },
    ],
    // "…deserve clear answers, obviously": emphasis, never a shrug at the news.
    bad: [{ lead: 'Obviously,', tail: ', obviously' }],
  },
  technicality: {
    normal: [
      { lead: 'Looking at the metrics,', tail: ', judging by my own logs' },
      { lead: 'From the logs I keep,', tail: ', if my logs are right' },
      { lead: 'Going by my benchmarks,', tail: ', and the metrics say the same' },
      { lead: 'Measured over a month of logs,', tail: ', at least in the metrics' },
    ],
  },
  engagement: {
    normal: [
      { lead: '', tail: ', reply if you see it differently' },
      { lead: '', tail: ', or tell me otherwise' },
      { lead: '', tail: ', let me know if yours differs' },
    ],
  },
};

/** A template as a pattern: each of its alternatives, any subject. */
const patternOf = (template: string) =>
  new RegExp(
    `^${template
      .replace(/[.!?]$/, '')
      .split(/(\[[^\]]*\]|\{[hH]\})/)
      .map((part) =>
        part.startsWith('{')
          ? '.+?'
          : part.startsWith('[')
            ? `(?:${part.slice(1, -1).split('|').map(escapeRegExp).join('|')})`
            : escapeRegExp(part),
      )
      .join('')}`,
    'i',
  );
/** The voice's lines as patterns, made on first use (only the tests and the bench ask). */
let stockLines: RegExp[] | undefined;
const stockLinePatterns = () =>
  (stockLines ??= Object.entries(TOUCH_BANK)
    .filter(([trait]) => trait !== 'engagement')
    .flatMap(([, bank]) => [bank.high, bank.low, bank.bad?.high, bank.bad?.low])
    .flatMap((pole) => pole?.asides ?? [])
    .map(patternOf));

/**
 * Whether a sentence is one of the voice's lines (a touch of its own, engagement's questions and
 * invitations aside), whatever words were woven into it: decision 066 allows one a post.
 */
export const isStockLine = (sentence: string) => {
  const plain = sentence
    .replace(/(?:\s|\p{Extended_Pictographic}|\uFE0F)+$/u, '')
    .replace(/^[A-Z][\w ’']{0,28}, (?=[a-zA-Z])/, '');
  const whole = sentence.trim();
  const candidates = [whole, plain, `${plain[0]?.toUpperCase()}${plain.slice(1)}`];
  return stockLinePatterns().some((line) => candidates.some((text) => line.test(text)));
};
