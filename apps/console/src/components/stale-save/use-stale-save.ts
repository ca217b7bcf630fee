/**
 * One form's side of a versioned save (docs/decisions.md, "Saves name the version they were based on"). The
 * form edits `base`, the item as it was when the form opened: a background refetch never moves it, so the
 * version sent is the one the person actually saw. A save refused as stale (409 `stale_version`) shows the
 * notice; 「最新の内容を読み込む」 reads the item again, lists what the other admin changed and makes the new
 * read the base. Forms keep what the person typed by resetting with `keepDirtyValues` (react-hook-form's
 * `values` + `resetOptions`), so untouched fields take the other admin's values and typed ones stay.
 */
import { useCallback, useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { changedFields, type FieldChange, type FieldsShown } from './changed-fields.ts';

export type StaleSaveFields<T> = FieldsShown<T>;

export type StaleSave<T> = {
  /** The item the form edits and whose version it sends. */
  base: T | undefined;
  /** The version to send with the save (`callEndpoint(e, { version })`). */
  version: string | number | undefined;
  /** True after a save was refused as stale, until the person reloads. */
  stale: boolean;
  /** What changed at the last reload (null before any reload). */
  changes: FieldChange[] | null;
  reloading: boolean;
  /** Call from the save's catch: true when the error was a stale save (the notice now shows it). */
  catchStale: (error: unknown) => boolean;
  reload: () => Promise<void>;
  /** After a successful save: the answer becomes the base and the notice closes. */
  saved: (item: T) => void;
};

type Options<T> = {
  /** The item as read now (e.g. a query's data); pinned as the base the first time it is there. */
  item: T | undefined;
  /** Reads the item again from the server (e.g. `() => client.fetchQuery({ ...opts, staleTime: 0 })`). */
  read: () => Promise<T>;
  fields: StaleSaveFields<T>;
  /** The item's version: its `updatedAt` unless said otherwise. */
  versionOf?: (item: T) => string | number;
  /** A new identity (another item opened in the same form) starts over; default: the `id` field. */
  keyOf?: (item: T) => string;
  /** False while the form is closed (a modal kept mounted): opening it again pins the item as read then. */
  active?: boolean;
};

const defaultVersion = (item: unknown) => (item as { updatedAt: string }).updatedAt;
const defaultKey = (item: unknown) => (item as { id?: string }).id ?? '';

export function useStaleSave<T extends object>({
  item,
  read,
  fields,
  versionOf = defaultVersion,
  keyOf = defaultKey,
  active = true,
}: Options<T>): StaleSave<T> {
  const [pinned, setPinned] = useState<T | undefined>(item);
  const [stale, setStale] = useState(false);
  const [changes, setChanges] = useState<FieldChange[] | null>(null);
  const [reloading, setReloading] = useState(false);
  // Pin the first read, and start over when another item is opened (never on a refetch of the same one).
  let base = active ? pinned : undefined;
  if (!active && pinned) {
    setPinned(undefined);
    setStale(false);
    setChanges(null);
  } else if (active && item && (!pinned || keyOf(pinned) !== keyOf(item))) {
    base = item;
    setPinned(item);
    setStale(false);
    setChanges(null);
  }
  const catchStale = useCallback((error: unknown) => {
    if (!isApiError(error) || error.code !== 'stale_version') return false;
    setStale(true);
    return true;
  }, []);
  const reload = useCallback(async () => {
    setReloading(true);
    try {
      const latest = await read();
      setChanges(pinned ? changedFields(pinned, latest, fields) : []);
      setPinned(latest);
      setStale(false);
    } finally {
      setReloading(false);
    }
  }, [read, pinned, fields]);
  const saved = useCallback((next: T) => {
    setPinned(next);
    setStale(false);
    setChanges(null);
  }, []);
  return {
    base,
    version: base ? versionOf(base) : undefined,
    stale,
    changes,
    reloading,
    catchStale,
    reload,
    saved,
  };
}
