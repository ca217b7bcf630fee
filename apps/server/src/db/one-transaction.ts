/**
 * Several service calls as one write: `work` gets the same deps with the database replaced by one
 * transaction, so every service it calls writes inside it (their own `transaction` calls become savepoints)
 * and a failure in any step undoes every step, audit events included. For callers that compose services
 * which each open their own transaction (the SCIM requests: create, then mark, then deactivate).
 */
import type { Database } from './client.ts';

export function inOneTransaction<D extends { database: Database }, T>(
  deps: D,
  work: (deps: D) => Promise<T>,
): Promise<T> {
  return deps.database.db.transaction((tx) =>
    // A transaction handle has the database's whole query API; nested `transaction` calls are savepoints.
    work({ ...deps, database: { ...deps.database, db: tx } }),
  );
}
