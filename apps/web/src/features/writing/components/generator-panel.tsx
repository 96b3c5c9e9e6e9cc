import {
  type GeneratedPost,
  type Persona,
  PLATFORMS,
  type Platform,
  POST_TYPES,
  type PostType,
  platformLabel,
} from '@plume/core';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input-class';
import { Section } from '../../../components/ui/section';
import { Select } from '../../../components/ui/select';
import { useGeneratePosts } from '../api/generate-posts';
import { GeneratedPostCard, type PostActionsSlot } from './generated-post-card';
import { WriterNote } from './writer-note';

/** The spec's tweet generation count. */
const COUNT = 3;

const typeNames: Record<PostType, string> = {
  'short post': 'Short post',
  joke: 'Joke',
  advice: 'Advice',
  thread: 'Thread',
  observation: 'Observation',
  question: 'Question',
};

/** Post type, topic, hashtags and platforms -> three posts to copy and edit. */
export function GeneratorPanel({
  persona,
  readOnly = false,
  renderPostActions,
}: {
  persona: Persona;
  /** The role may not write (generating spends the workspace's model budget): the page says why. */
  readOnly?: boolean;
  renderPostActions?: PostActionsSlot;
}) {
  const ids = { type: useId(), topic: useId(), hashtags: useId(), hashtagsHelp: useId() };
  const [type, setType] = useState<PostType>('short post');
  const [topic, setTopic] = useState('');
  const [hashtags, setHashtags] = useState('');
  const [platforms, setPlatforms] = useState<Platform[]>([...PLATFORMS]);
  const [result, setResult] = useState<{ posts: GeneratedPost[]; platforms: Platform[]; round: number } | null>(null);
  const generate = useGeneratePosts();

  const togglePlatform = (platform: Platform, on: boolean) =>
    setPlatforms((list) => PLATFORMS.filter((p) => (p === platform ? on : list.includes(p))));

  const submit = () => {
    const asked = platforms;
    generate.mutate(
      { personaId: persona.id, type, topic, hashtags, platforms: asked, count: COUNT },
      {
        // `round` remounts the cards, so edits of the last results never cling to new ones.
        onSuccess: (posts) => setResult((r) => ({ posts, platforms: asked, round: (r?.round ?? 0) + 1 })),
        onError: (error) => toast.error('Failed to generate', { description: error.message }),
      },
    );
  };

  return (
    <div className="space-y-6">
      <Section
        title="Generate posts"
        description={`Three posts in ${persona.name}'s voice, within each platform's limit.`}
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              id={ids.type}
              label="Post type"
              value={type}
              options={POST_TYPES.map((t) => ({ value: t, label: typeNames[t] }))}
              onChange={setType}
            />
            <div className="space-y-1">
              <label htmlFor={ids.topic} className="text-sm font-medium">
                Topic
              </label>
              <input
                id={ids.topic}
                value={topic}
                maxLength={300}
                placeholder="Optional"
                onChange={(e) => setTopic(e.target.value)}
                className={inputClass}
              />
            </div>
          </div>
          <div className="space-y-1">
            <label htmlFor={ids.hashtags} className="text-sm font-medium">
              Hashtags
            </label>
            <input
              id={ids.hashtags}
              value={hashtags}
              maxLength={500}
              placeholder="ai, startups"
              aria-describedby={ids.hashtagsHelp}
              onChange={(e) => setHashtags(e.target.value)}
              className={inputClass}
            />
            <p id={ids.hashtagsHelp} className="text-xs text-slate-600 dark:text-slate-400">
              Comma separated.
            </p>
          </div>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">Target platforms</legend>
            <div className="flex gap-4">
              {PLATFORMS.map((platform) => (
                <label key={platform} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={platforms.includes(platform)}
                    onChange={(e) => togglePlatform(platform, e.target.checked)}
                    className="h-4 w-4 accent-violet-700"
                  />
                  {platformLabel(platform)}
                </label>
              ))}
            </div>
            {platforms.length === 0 && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                Pick at least one platform
              </p>
            )}
          </fieldset>
          <Button type="submit" disabled={readOnly || generate.isPending || platforms.length === 0}>
            {generate.isPending ? 'Generating...' : 'Generate'}
          </Button>
        </form>
      </Section>

      {result && (
        <section aria-labelledby={`${ids.type}-results`} className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`${ids.type}-results`} className="text-lg font-semibold">
              Results
            </h2>
            <WriterNote writer={result.posts[0]?.writer ?? null} />
          </div>
          {result.posts.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Nothing was written. Try another topic.</p>
          ) : (
            <ol className="space-y-3">
              {result.posts.map((post, i) => (
                <GeneratedPostCard
                  key={`${result.round}-${i}`}
                  post={post}
                  number={i + 1}
                  platforms={result.platforms}
                  persona={{ id: persona.id, name: persona.name }}
                  renderActions={renderPostActions}
                />
              ))}
            </ol>
          )}
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {renderPostActions
              ? 'Edits stay on this page: post or copy a post to use it.'
              : 'Edits stay on this page: copy a post to use it.'}
          </p>
        </section>
      )}
    </div>
  );
}
