import { useEffect } from 'react';

export type EarlyEvent =
  { type: 'click' | 'submit'; target: Element } | { type: 'input'; target: Element; value: string };

/** Set by public/early-events.js, which runs before any bundle. */
type EarlyEvents = { take: () => EarlyEvent[] };

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface can extend Window
  interface Window {
    /** null once the console has taken the page over: a late script then keeps nothing. */
    __CLOUDSIGN_EARLY_EVENTS__?: EarlyEvents | null;
  }
}

/**
 * Sets a field's value as typing does, so React sees the change: through the element's own value setter
 * (React watches the instance's), then an `input` event.
 */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** When the browser is next idle: the hydration's remaining work (effects, subscriptions) is done by then. */
const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 300 });
    else setTimeout(resolve, 50);
  });

/**
 * Replays, in order, what was done on a page the site rendered before the console had taken it over: on the
 * elements still in the page, and stops keeping new events. Each event waits for a task of its own, as a
 * person's would: React renders the typed value before the click that submits it. The first waits until the
 * browser is idle after hydration (replayed in the commit itself, or one task later, a click's navigation was
 * sometimes dropped).
 */
export async function replayEarlyEvents(): Promise<void> {
  const source = window.__CLOUDSIGN_EARLY_EVENTS__;
  // The script is async: should it run after this, it must not start keeping clicks nobody will replay.
  window.__CLOUDSIGN_EARLY_EVENTS__ = null;
  if (!source) return;
  const events = source.take();
  if (events.length > 0) await whenIdle();
  for (const event of events) {
    await nextTask();
    const { target } = event;
    if (!target.isConnected) continue;
    if (event.type === 'input') {
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)
        typeInto(target, event.value);
    } else if (event.type === 'submit') {
      if (target instanceof HTMLFormElement) target.requestSubmit();
    } else if (target instanceof HTMLElement) target.click();
  }
}

/** Renders nothing; its effect runs when the console has hydrated (or first rendered) the page. */
export function EarlyEventsReplay() {
  useEffect(() => void replayEarlyEvents(), []);
  return null;
}
