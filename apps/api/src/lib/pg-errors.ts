/** True when a PostgreSQL unique constraint (optionally a named one) rejected the write. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidate = (error as { cause?: unknown }).cause ?? error;
  const pgError = candidate as { code?: string; constraint?: string };
  const direct = error as { code?: string; constraint?: string };
  const hit = pgError.code === '23505' ? pgError : direct.code === '23505' ? direct : null;
  return hit !== null && (!constraint || hit.constraint === constraint);
}
