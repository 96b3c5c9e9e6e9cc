/**
 * A post is a list of parts: one for a single post, several for a thread. Each part has its text
 * and room for what goes with it on the network: images with alt text (references to stored
 * media), a link card, and the languages it is written in. This is the shape at every layer, from
 * the API to the `posts.parts` column.
 */
import { z } from 'zod';
import { PLATFORM_RULES, PLATFORMS, type PlatformRules } from '../platforms/platforms';

/** Images and alt text: a part holds as much as the network that takes the most (PLATFORM_RULES). */
const mostOf = (take: (media: PlatformRules['media']) => number) =>
  Math.max(...PLATFORMS.map((platform) => take(PLATFORM_RULES[platform].media)));
export const MAX_PART_IMAGES = mostOf((media) => media.maxImages);
export const MAX_ALT_LENGTH = mostOf((media) => media.maxAltLength);

/** An image a part carries: a stored media item and its alt text. */
export const mediaRefSchema = z.object({
  id: z.string().min(1, 'must be a media id').max(100),
  alt: z
    .string()
    .max(MAX_ALT_LENGTH, `Alt text is at most ${MAX_ALT_LENGTH.toLocaleString('en-US')} characters`)
    .default(''),
});
export type MediaRef = z.infer<typeof mediaRefSchema>;

/** A link shown as a card (Bluesky's external embed; X builds its own from the URL in the text). */
export const linkCardSchema = z.object({
  url: z.string().min(1).max(2000),
  title: z.string().max(300).default(''),
  description: z.string().max(1000).default(''),
  /** A stored media item for the card's picture. */
  imageId: z.string().max(100).nullable().default(null),
  /**
   * The picture the page names (og:image), read with the card: fetched and checked when the post
   * goes out, and left out when it is not an image or too large (decision 043).
   */
  imageUrl: z.string().max(2000).nullable().default(null),
});
export type LinkCard = z.infer<typeof linkCardSchema>;

export const MAX_PART_LANGUAGES = 3;

const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/;
const LANGUAGE_TAG_MESSAGE = 'must be a language tag such as en or pt-BR';

/** Whether a string is a well-formed BCP-47 language tag ('en', 'pt-BR', 'zh-Hant-TW'). */
export function isLanguageTag(value: string): boolean {
  if (!LANGUAGE_TAG.test(value)) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/** A BCP-47 language tag, as posts and personas carry them. */
export const languageTagSchema = z.string().refine(isLanguageTag, LANGUAGE_TAG_MESSAGE);

/** The first web address in a text (http or https), without the punctuation that ends a sentence. */
export function firstLinkIn(text: string): string | null {
  const match = /\bhttps?:\/\/[^\s<>"]+/i.exec(text);
  if (!match) return null;
  return match[0].replace(/[).,;:!?'"\]]+$/, '');
}

/** The host a card names ('example.com'), without its www. */
export function linkDomain(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export const postPartSchema = z
  .object({
    text: z.string(),
    media: z.array(mediaRefSchema).max(MAX_PART_IMAGES, `A part carries at most ${MAX_PART_IMAGES} images`).default([]),
    link: linkCardSchema.nullable().default(null),
    /** BCP-47 language tags ('en', 'pt-BR'). */
    langs: z.array(languageTagSchema).max(MAX_PART_LANGUAGES).default([]),
  })
  .meta({ id: 'PostPart' });
export type PostPart = z.infer<typeof postPartSchema>;

/** A part with text alone. */
export function textPart(text: string): PostPart {
  return { text, media: [], link: null, langs: [] };
}

/** The parts, each saying its languages: a part that names none is in the persona's. */
export function withLanguages(parts: readonly PostPart[], languages: readonly string[]): PostPart[] {
  const langs = languages.slice(0, MAX_PART_LANGUAGES);
  return parts.map((part) => (part.langs.length > 0 || langs.length === 0 ? part : { ...part, langs: [...langs] }));
}

/** The parts' texts, first part first. */
export function partTexts(parts: readonly PostPart[]): string[] {
  return parts.map((part) => part.text);
}
