/** Protocols a draft's markdown link may use (editor spec: AI Draft panel). */
const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/**
 * A markdown link's URL if it is allowed, else '' (blanked): http, https, irc, ircs, mailto, xmpp,
 * or relative. A colon after the first '/', '?' or '#' is part of a relative path, not a protocol.
 */
export function safeLinkUrl(url: string): string {
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  for (const mark of ['/', '?', '#']) {
    const at = url.indexOf(mark);
    if (at !== -1 && at < colon) return url;
  }
  return SAFE_PROTOCOL.test(url.slice(0, colon)) ? url : '';
}
