/** The PostgreSQL error code, also when Drizzle wraps the driver's error. */
export function postgresCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique index refused a row (two writers at once). */
export const isUniqueViolation = (error: unknown) => postgresCode(error) === '23505';
