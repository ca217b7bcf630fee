/** A route's method and URL taken from the contract's endpoint map (the console calls the same entry). */
import type { Endpoint } from '@cloudsign/contract';

export const routeOf = <E extends Endpoint>(e: E) => ({ method: e.method, url: e.path });
