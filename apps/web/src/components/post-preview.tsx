import {
  avatarOf,
  firstLinkIn,
  type LinkCard,
  linkDomain,
  type MediaRef,
  PLATFORM_RULES,
  PLATFORMS,
  type Platform,
  type PostPart,
  platformLength,
  postSegments,
} from '@plume/core';
import { Tabs } from 'radix-ui';
import { useId, useState } from 'react';
import { usePersonas } from '../lib/api/get-personas';
import { mediaThumbnailUrl, NO_ALT_TEXT } from '../lib/media';
import { AltBadge } from './ui/alt-badge';
import { cn } from './ui/cn';

/** Who the post is by: the persona, and its handle on each network where an account is connected. */
type PreviewAuthor = { name: string; avatar?: string; handles?: Partial<Record<Platform, string>> };

/** The author of a persona's posts, from the persona as the API answers it. */
function previewAuthorOf(persona: {
  name: string;
  avatar: string;
  connected_accounts: { platform: Platform; username: string; isConnected: boolean }[];
}): PreviewAuthor {
  const handles: Partial<Record<Platform, string>> = {};
  for (const account of persona.connected_accounts)
    if (account.isConnected && account.username) handles[account.platform] = account.username.replace(/^@/, '');
  return { name: persona.name, avatar: persona.avatar, handles };
}

const tabClass =
  'rounded-md px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-200/70 data-[state=active]:bg-violet-100 data-[state=active]:text-violet-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:data-[state=active]:bg-violet-900/60 dark:data-[state=active]:text-white';

/**
 * A post as each network will show it, behind a Preview button: the persona's name and handle, the
 * text with its links, mentions and tags as that network marks them (X shortens links), each part
 * of a thread, the images in the network's grid with their ALT marks, the link card (Bluesky builds
 * Plume's; X builds its own from the link), and the length by that network's rule.
 */
export function PostPreview({
  parts,
  platform,
  persona,
  defaultOpen = false,
  label = 'Preview',
}: {
  parts: readonly PostPart[];
  /** The network shown first: the one the post goes to. */
  platform?: Platform | undefined;
  /** Whose post it is: its handles are read once the preview is open. */
  persona: { id?: string | undefined; name: string };
  defaultOpen?: boolean;
  /** The button's words ('Preview', 'Preview post 2'). */
  label?: string;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [network, setNetwork] = useState<Platform>(platform ?? 'x');
  return (
    <div className="space-y-2" data-testid="post-preview">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-sm font-medium text-violet-700 hover:bg-slate-200/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:text-violet-300 dark:hover:bg-slate-800"
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        {label}
      </button>
      {open && (
        <section id={panelId} aria-label={`${label}: how each network shows it`}>
          <Tabs.Root value={network} onValueChange={(v) => setNetwork(v as Platform)} className="space-y-2">
            <Tabs.List aria-label="Network" className="flex gap-1">
              {PLATFORMS.map((p) => (
                <Tabs.Trigger key={p} value={p} className={tabClass}>
                  {PLATFORM_RULES[p].label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {PLATFORMS.map((p) => (
              <Tabs.Content key={p} value={p} className="focus-visible:outline-2 focus-visible:outline-violet-500">
                <NetworkPreview network={p} parts={parts} persona={persona} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </section>
      )}
    </div>
  );
}

function NetworkPreview({
  network,
  parts,
  persona,
}: {
  network: Platform;
  parts: readonly PostPart[];
  persona: { id?: string | undefined; name: string };
}) {
  const personas = usePersonas();
  const found = persona.id ? personas.data?.find((p) => p.id === persona.id) : undefined;
  const author = found ? previewAuthorOf(found) : { name: persona.name };
  const handle = author.handles?.[network];
  const thread = parts.length > 1;
  return (
    <ol
      aria-label={`On ${PLATFORM_RULES[network].label}`}
      data-testid={`preview-${network}`}
      className="rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      {parts.map((part, i) => (
        // Parts have no ids; their order is what they are.
        <li key={i} className="flex gap-3 border-slate-200 p-3 not-last:border-b dark:border-slate-700">
          <div className="flex shrink-0 flex-col items-center">
            <span
              aria-hidden="true"
              className={cn(
                'inline-flex h-9 w-9 items-center justify-center bg-violet-100 text-base font-semibold text-violet-900 dark:bg-violet-900/60 dark:text-violet-100',
                network === 'x' ? 'rounded-full' : 'rounded-full ring-1 ring-blue-200 dark:ring-blue-900',
              )}
            >
              {avatarOf({ name: author.name, avatar: author.avatar ?? '' })}
            </span>
          </div>
          <div className="min-w-0 flex-1 space-y-2">
            <p className="flex flex-wrap items-baseline gap-x-1 text-sm">
              <span className="font-bold">{author.name || 'Persona'}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {handle ? `@${handle}` : `(no ${PLATFORM_RULES[network].label} account connected)`}
              </span>
              {thread && (
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  · {i + 1}/{parts.length}
                </span>
              )}
            </p>
            <PreviewText network={network} text={part.text} />
            {part.media.length > 0 && <ImageGrid network={network} media={part.media} />}
            {part.media.length === 0 && <LinkLine network={network} part={part} />}
            <Length network={network} text={part.text} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The text, each link, mention and tag marked as the network marks it. */
function PreviewText({ network, text }: { network: Platform; text: string }) {
  if (text.trim() === '') return <p className="text-sm text-slate-600 italic dark:text-slate-400">No text yet</p>;
  const mark = network === 'x' ? 'text-sky-700 dark:text-sky-400' : 'text-blue-700 dark:text-blue-400';
  return (
    <p className="text-sm break-words whitespace-pre-wrap" data-testid="preview-text">
      {postSegments(network, text).map((segment, i) =>
        segment.kind === 'text' ? (
          <span key={i}>{segment.text}</span>
        ) : (
          <span key={i} className={mark} data-kind={segment.kind}>
            {segment.shown}
          </span>
        ),
      )}
    </p>
  );
}

/**
 * The images as the network lays them out: one as it is; two side by side; three with the first
 * tall on the left; four in a square. X frames the set in one rounded box, Bluesky rounds each.
 */
function ImageGrid({ network, media }: { network: Platform; media: readonly MediaRef[] }) {
  const count = media.length;
  const x = network === 'x';
  return (
    <ul
      aria-label={`${count} ${count === 1 ? 'image' : 'images'}`}
      data-testid="preview-images"
      className={cn(
        'grid overflow-hidden',
        x ? 'gap-0.5 rounded-2xl border border-slate-200 dark:border-slate-700' : 'gap-1',
        count > 1 && 'grid-cols-2',
        count > 2 && 'grid-rows-2',
        count > 1 && (x ? 'aspect-video' : count === 2 ? 'aspect-[2/1]' : 'aspect-[3/2]'),
      )}
    >
      {media.map((image, i) => {
        const alt = image.alt.trim();
        return (
          <li
            key={image.id}
            className={cn(
              'relative min-h-0 overflow-hidden',
              !x && 'rounded-lg',
              count === 3 && i === 0 && 'row-span-2',
            )}
          >
            <img
              src={mediaThumbnailUrl(image.id)}
              alt={alt || NO_ALT_TEXT}
              className={cn('w-full object-cover', count === 1 ? 'max-h-80' : 'h-full')}
              loading="lazy"
            />
            {alt && <AltBadge className="absolute bottom-1.5 left-1.5" />}
          </li>
        );
      })}
    </ul>
  );
}

/** The part's link: Bluesky shows the card Plume sends; X shows a card it builds from the link. */
function LinkLine({ network, part }: { network: Platform; part: PostPart }) {
  if (network === 'bluesky') return part.link ? <BlueskyCard card={part.link} /> : null;
  const link = firstLinkIn(part.text);
  if (!link) return null;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="preview-x-link">
      X shows its own card for {linkDomain(link)}, read from the link.
    </p>
  );
}

function BlueskyCard({ card }: { card: LinkCard }) {
  const picture = card.imageUrl?.startsWith('https://') ? card.imageUrl : null;
  return (
    <div
      className="overflow-hidden rounded-lg border border-slate-200 text-sm dark:border-slate-700"
      data-testid="preview-card"
    >
      {picture && <img src={picture} alt="" className="aspect-[1.91/1] w-full object-cover" loading="lazy" />}
      <div className="space-y-0.5 p-2">
        <p className="font-semibold">{card.title}</p>
        {card.description && (
          <p className="line-clamp-2 text-xs text-slate-700 dark:text-slate-300">{card.description}</p>
        )}
        <p className="border-t border-slate-200 pt-1 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {linkDomain(card.url)}
        </p>
      </div>
    </div>
  );
}

/** The part's length by the network's rule (X counts a link as 23), against its limit. */
function Length({ network, text }: { network: Platform; text: string }) {
  const length = platformLength(network, text);
  const { limit } = PLATFORM_RULES[network].length;
  const over = length > limit;
  return (
    <p
      className={cn(
        'text-xs',
        over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400',
      )}
      data-testid="preview-length"
    >
      {length}/{limit} {network === 'x' ? 'characters (a link counts 23)' : 'characters'}
      {over ? ' · too long' : ''}
    </p>
  );
}
