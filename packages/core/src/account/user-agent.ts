/** A session's browser and system from its User-Agent, e.g. 'Chrome 126 on macOS'. Rough by design. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return 'Unknown browser';
  const browser = browserOf(ua);
  const system = systemOf(ua);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? clip(ua);
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

function browserOf(ua: string): string | null {
  // Order matters: Edge and Opera say Chrome too, Chrome says Safari, and API clients name themselves.
  const rules: [RegExp, string][] = [
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/FxiOS\/(\d+)/, 'Firefox'],
    [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
    [/CriOS\/(\d+)/, 'Chrome'],
    [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
    [/^curl\/(\d+)/, 'curl'],
    [/^node(?:-fetch)?\b/i, 'Node.js'],
    [/^undici/i, 'Node.js'],
    [/^python-requests\/(\d+)/, 'Python requests'],
  ];
  for (const [pattern, name] of rules) {
    const match = pattern.exec(ua);
    if (match) return match[1] ? `${name} ${match[1]}` : name;
  }
  return null;
}

function systemOf(ua: string): string | null {
  if (/iPhone|iPad|iPod/.test(ua)) return /iPad/.test(ua) ? 'iPad' : 'iPhone';
  if (/Android/.test(ua)) return 'Android';
  if (/Windows/.test(ua)) return 'Windows';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}
