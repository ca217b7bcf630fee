/** PostgreSQL's `unique_violation` SQLSTATE. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether `err` is a unique violation, whichever driver (pg, PGlite) or wrapper (drizzle) raised it: the
 * cause chain is walked. With `constraint`, only that constraint counts (a driver that does not report the
 * constraint's name is taken at its word).
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: c } = e as { code?: unknown; constraint?: unknown };
    if (
      code === UNIQUE_VIOLATION &&
      (constraint === undefined || c === undefined || c === constraint)
    )
      return true;
  }
  return false;
}
