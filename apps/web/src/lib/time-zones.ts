/** The browser's IANA zone ('UTC' when it names none). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zones a user can pick: the browser's list, with the current and UTC always there. */
export function timeZoneChoices(current: string): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...supported, 'UTC', current])].sort((a, b) => a.localeCompare(b));
}

/** A request that may take a queue slot names the browser's zone: the server uses it while the user has saved none. */
export function withBrowserZone<T extends object>(body: T): T & { timeZone: string } {
  return { ...body, timeZone: browserTimeZone() };
}
