/**
 * A prepared statement per database handle, built on first use. For the statements every request runs
 * (session check, list counters, a member's cabinets): neither the ORM nor PostgreSQL builds or plans them
 * again. A handle that goes away (a finished transaction) takes its statement with it.
 */
export function preparedPerHandle<D extends object, Q>(build: (db: D) => Q): (db: D) => Q {
  const built = new WeakMap<D, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
