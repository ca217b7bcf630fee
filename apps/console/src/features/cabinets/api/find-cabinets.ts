import { useQuery } from '@tanstack/react-query';
import { cabinetListQuery } from '../../../lib/shared-reads/cabinets.ts';

/** The cabinets page's list: the shared `GET /cabinets` read, which this feature's mutations edit in place. */
export const useCabinets = () => useQuery(cabinetListQuery());
