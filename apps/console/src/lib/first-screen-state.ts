import type { DehydratedState } from '@tanstack/react-query';
import { FIRST_SCREEN_STATE_ID } from '@cloudsign/contract';
import type { HydrationState } from 'react-router';

/**
 * What a page rendered by the site (entry-server.tsx) hands to the browser: the router's loader results and
 * the reads the rows came from. Written as a JSON data block, not a script (the CSP runs none of ours inline).
 */
export type FirstScreenState = { router: HydrationState; queries: DehydratedState };

/** The state of a server-rendered page, or null for the usual empty page (or a block that does not parse). */
export function readFirstScreenState(doc: Document = document): FirstScreenState | null {
  const text = doc.getElementById(FIRST_SCREEN_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<FirstScreenState> | null;
    return state?.router && state.queries ? (state as FirstScreenState) : null;
  } catch {
    return null;
  }
}
