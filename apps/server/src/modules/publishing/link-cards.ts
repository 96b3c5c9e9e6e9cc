import { firstLinkIn, type LinkCard, type PostPart } from '@plume/core';

/** Reads a page's card (integrations/net/link-card.ts): null when there is none to show. */
export type ReadCard = (url: string) => Promise<LinkCard | null>;

/**
 * A post's link cards, read when it is saved (decision 043), so its owner sees each
 * card before it goes out and may remove it; publishing sends what is stored. A part gets a card
 * for the first link in its text when it has no images. A card it carries for that link is kept;
 * a part that had the same link before without a card keeps none (its card was removed, or the
 * page gave none): only a new link is read, and replaces the card of the link it replaced. A part
 * with no link in its text keeps the card it was sent with (an API client may attach one).
 */
export async function attachLinkCards(
  readCard: ReadCard,
  parts: readonly PostPart[],
  before: readonly PostPart[] = [],
): Promise<PostPart[]> {
  return Promise.all(
    parts.map(async (part, i): Promise<PostPart> => {
      const url = firstLinkIn(part.text);
      // No link in the text: a card sent with the part is the sender's choice, kept as sent.
      if (!url) return part;
      if (part.link) {
        if (part.link.url === url) return part;
      } else {
        const earlier = before[i];
        if (earlier && firstLinkIn(earlier.text) === url) return part;
      }
      if (part.media.length > 0) return { ...part, link: null };
      return { ...part, link: await readCard(url) };
    }),
  );
}
