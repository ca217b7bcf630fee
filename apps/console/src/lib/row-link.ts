import type { KeyboardEvent } from 'react';

/**
 * A list row is a link (a click before the console hydrates the page is a plain navigation), but it was a
 * button before and acts as one: Space opens it like Enter instead of scrolling the page.
 */
export function openOnSpace(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}
