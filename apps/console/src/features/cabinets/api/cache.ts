import type { QueryClient } from '@tanstack/react-query';
import { EntityType, type TCabinet, type TFindCabinetsResponse } from '@cloudsign/contract';
import { cabinetKeys } from './keys.ts';

/**
 * Spec §4 "Updating a cabinet replaces it in the accessible list": every mutation answers the cabinet,
 * which replaces its entry in the list cache and its detail cache, without a reload.
 */
export function replaceCabinet(client: QueryClient, cabinet: TCabinet) {
  client.setQueryData<TFindCabinetsResponse>(cabinetKeys.lists(), (old) =>
    old ? { cabinets: old.cabinets.map((c) => (c.id === cabinet.id ? cabinet : c)) } : old,
  );
  client.setQueryData<TCabinet>(cabinetKeys.detail(cabinet.id), cabinet);
}

/** A new cabinet goes into the list at its place by name, after 「すべての書類」. */
export function insertCabinet(client: QueryClient, cabinet: TCabinet) {
  client.setQueryData<TFindCabinetsResponse>(cabinetKeys.lists(), (old) => {
    if (!old) return old;
    const [system, users] = [
      old.cabinets.filter((c) => c.type === EntityType.System),
      old.cabinets.filter((c) => c.type === EntityType.User),
    ];
    const sorted = [...users, cabinet].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    return { cabinets: [...system, ...sorted] };
  });
}

export function removeCabinet(client: QueryClient, id: string) {
  client.setQueryData<TFindCabinetsResponse>(cabinetKeys.lists(), (old) =>
    old ? { cabinets: old.cabinets.filter((c) => c.id !== id) } : old,
  );
  client.removeQueries({ queryKey: cabinetKeys.detail(id) });
}
