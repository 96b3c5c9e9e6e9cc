/** Text as a regular expression that matches exactly it (its special characters escaped). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
