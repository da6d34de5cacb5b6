/** What the global setup hands every test file (vitest provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    runPrefix: string;
  }
}

export const RUN_PREFIX_ENV = 'PARCELDESK_TEST_RUN_PREFIX';

/** The same server URL pointing at another database. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
