import { afterEach, describe, expect, it, vi } from 'vitest';
import earlyEventsScript from '../../public/early-events.js?raw';
import { replayEarlyEvents } from './early-events.ts';

afterEach(() => {
  document.body.innerHTML = '';
  delete window.__CLOUDSIGN_EARLY_EVENTS__;
});

/** Runs public/early-events.js as the browser does, before any bundle. */
function installEarlyEvents() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script as served, run in this document
  (new Function(earlyEventsScript) as () => void)();
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Types as a person does: the value changes, then an input event. */
function type(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('what is done before the console has taken a rendered page over', () => {
  it('is kept (a link is not followed, a form not sent) and replayed in order once the console calls for it', async () => {
    document.body.innerHTML = `<div id="root">
      <form id="search"><input id="keyword" name="keyword"><button id="go">検索</button></form>
      <button id="row">行</button><a id="link" href="#next">次へ</a>
    </div><button id="outside">外</button>`;
    installEarlyEvents();
    const seen: string[] = [];
    byId('outside').addEventListener('click', () => seen.push('outside'));

    type(byId<HTMLInputElement>('keyword'), '山田');
    byId('row').click();
    const followed = byId('link').dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true }),
    );
    const sent = byId('search').dispatchEvent(
      new Event('submit', { bubbles: true, cancelable: true }),
    );
    byId('outside').click();
    expect(followed).toBe(false);
    expect(sent).toBe(false);
    // Outside the rendered page, clicks go through at once.
    expect(seen).toEqual(['outside']);

    // The console takes over: its handlers, and its own idea of the field (empty, as rendered).
    const keyword = byId<HTMLInputElement>('keyword');
    keyword.value = '';
    keyword.addEventListener('input', () => seen.push(`input:${keyword.value}`));
    byId('row').addEventListener('click', () => seen.push('row'));
    byId('link').addEventListener('click', (e) => {
      e.preventDefault();
      seen.push('link');
    });
    byId('search').addEventListener('submit', (e) => {
      e.preventDefault();
      seen.push(`submit:${keyword.value}`);
    });
    await replayEarlyEvents();
    expect(seen).toEqual(['outside', 'input:山田', 'row', 'link', 'submit:山田']);

    // After the replay the page is the console's alone: nothing is kept or stopped any more.
    byId('row').click();
    expect(seen.at(-1)).toBe('row');
    expect(window.__CLOUDSIGN_EARLY_EVENTS__).toBeNull();
  });

  it('keeps nothing when the script arrives after the console has taken the page over', async () => {
    document.body.innerHTML = '<div id="root"><button id="logout">ログアウト</button></div>';
    await replayEarlyEvents();
    installEarlyEvents();
    const onClick = vi.fn();
    byId('logout').addEventListener('click', onClick);
    byId('logout').click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('skips elements the console has replaced meanwhile, and does nothing on a page without the script', async () => {
    document.body.innerHTML = '<div id="root"><button id="gone">消える</button></div>';
    installEarlyEvents();
    const gone = byId('gone');
    const onClick = vi.fn();
    gone.addEventListener('click', onClick);
    gone.click();
    gone.remove();
    await replayEarlyEvents();
    expect(onClick).not.toHaveBeenCalled();
    await expect(replayEarlyEvents()).resolves.toBeUndefined();
  });
});
