import type { Page } from '@playwright/test';

/** One stop of a Tab walk: what got focus and whether something visibly changed when it did. */
export type FocusStop = { key: string; label: string; visible: boolean };
export type TabWalk = { stops: FocusStop[]; unreached: string[] };

/*
 * In-page code as strings: the e2e project has no DOM typings. A focusin listener records each focused
 * element with a signature of the styles a focus indicator changes (outline, shadow, border, background)
 * on it, its parent and its next sibling (Mantine draws a switch's or checkbox's ring on a sibling). After the
 * walk the same signature is taken unfocused: a stop whose signature did not change had no visible focus.
 */
const INSTALL = `(() => {
  const sig = (el) => [el, el && el.parentElement, el && el.nextElementSibling].map((e) => {
    if (!e) return '';
    const s = getComputedStyle(e);
    return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join(' ');
  }).join('|');
  const label = (el) => (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.id || el.tagName).trim().replace(/\\s+/g, ' ').slice(0, 40);
  // Focus rings fade in (Mantine inputs animate their border): measure the end state, not the first frame.
  const style = document.createElement('style');
  style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
  document.head.appendChild(style);
  window.__focusLog = [];
  window.__sig = sig;
  window.__label = label;
  let n = 0;
  document.addEventListener('focusin', (e) => {
    const el = e.target;
    if (!el.dataset.kbKey) el.dataset.kbKey = String(++n);
    window.__focusLog.push({ el, key: el.dataset.kbKey, label: el.tagName.toLowerCase() + ' ' + label(el), focused: sig(el) });
  }, true);
})()`;

/** Every control a keyboard user should be able to reach by Tab, as the browser would let them. */
const CONTROLS = `(() => {
  const sel = 'a[href], button, input:not([type=hidden]), select, textarea, iframe, [tabindex]';
  const visible = (el) => el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true }) && el.getClientRects().length > 0;
  const out = [];
  const radioGroups = new Set();
  for (const el of document.querySelectorAll(sel)) {
    if (el.disabled || el.tabIndex < 0 || el.closest('[aria-hidden="true"], [inert]')) continue;
    if (el.type === 'file') continue; // reached through its dropzone, which is itself a control
    // Mantine hides a switch's input and draws its track beside it: the box that shows is the parent's.
    const box = el.type === 'checkbox' || el.type === 'radio' ? el.parentElement : el;
    if (!visible(box)) continue;
    if (el.type === 'radio') { if (radioGroups.has(el.name)) continue; radioGroups.add(el.name); }
    out.push(el);
  }
  return out;
})()`;

export async function startFocusLog(page: Page) {
  await page.evaluate(INSTALL);
}

/**
 * Presses Tab from the top of the page until focus comes back round (or `max` presses), then reports every
 * stop and the controls that Tab never reached (radio groups count once: arrows move inside them).
 */
export async function walkTabOrder(page: Page, max = 250): Promise<TabWalk> {
  await page.evaluate(
    `document.activeElement && document.activeElement.blur && document.activeElement.blur()`,
  );
  await startFocusLog(page);
  let previousCount = 0;
  for (let i = 0; i < max; i++) {
    await pressTab(page);
    if (i % 10 === 9) {
      // Stop once the walk has wrapped: the first stop was focused a second time.
      const wrapped = await page.evaluate<boolean>(
        `(() => { const l = window.__focusLog; return l.length > 1 && l.slice(1).some((s) => s.key === l[0].key); })()`,
      );
      const count = await page.evaluate<number>('window.__focusLog.length');
      if (wrapped || count === previousCount) break;
      previousCount = count;
    }
  }
  return await page.evaluate<TabWalk>(`(() => {
    const log = window.__focusLog;
    document.activeElement && document.activeElement.blur && document.activeElement.blur();
    const seen = new Set();
    const stops = [];
    for (const s of log) {
      if (seen.has(s.key)) continue;
      seen.add(s.key);
      stops.push({ key: s.key, label: s.label, visible: s.el.tagName === 'IFRAME' || window.__sig(s.el) !== s.focused });
    }
    const reachedRadioGroups = new Set(log.filter((s) => s.el.type === 'radio').map((s) => s.el.name));
    const unreached = ${CONTROLS}
      .filter((el) => !(el.dataset.kbKey && seen.has(el.dataset.kbKey)))
      .filter((el) => !(el.type === 'radio' && reachedRadioGroups.has(el.name)))
      .map((el) => el.tagName.toLowerCase() + ' ' + window.__label(el));
    return { stops, unreached };
  })()`);
}

/** The accessible-ish label of the focused element (for messages). */
export async function focusedLabel(page: Page): Promise<string> {
  return await page.evaluate<string>(
    `(() => { const el = document.activeElement; if (!el) return ''; return (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().replace(/\\s+/g, ' ').slice(0, 60); })()`,
  );
}

/**
 * Presses Tab and lets the page draw a frame, as a person's key presses are apart: a virtual list (a group's
 * members) renders the rows below only after the focused row scrolled it, and presses faster than that walk
 * past rows it had not drawn yet.
 */
async function pressTab(page: Page) {
  await page.keyboard.press('Tab');
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
}

/** Presses Tab until `predicate`'s locator has focus; fails after `max` presses. */
export async function tabTo(
  page: Page,
  isTarget: () => Promise<boolean>,
  max = 120,
): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await pressTab(page);
    if (await isTarget()) return i;
  }
  throw new Error(
    `not reached by Tab within ${max} presses (focus is on "${await focusedLabel(page)}")`,
  );
}
