import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from './logger.ts';
import { GtmTimeoutError, setupGtm, waitForJQuery } from './gtm.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window.jQuery;
  document.querySelectorAll('script[src*="googletagmanager"]').forEach((s) => s.remove());
});

describe('GTM (spec §8, §9)', () => {
  it('does nothing without an id', async () => {
    await setupGtm(null);
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });

  it('polls every 50 ms and times out after 5 s with an error', async () => {
    vi.useFakeTimers();
    const waiting = waitForJQuery();
    const settled = vi.fn();
    waiting.catch(settled);
    await vi.advanceTimersByTimeAsync(4950);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    await expect(waiting).rejects.toBeInstanceOf(GtmTimeoutError);
  });

  it('loads the container at once in this console, which has no jQuery', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await setupGtm('GTM-NOJQ');
    expect(
      document.querySelector('script[src="https://www.googletagmanager.com/gtm.js?id=GTM-NOJQ"]'),
    ).not.toBeNull();
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
    expect(error).not.toHaveBeenCalled();
  });

  it("where jQuery is expected: logs 'gtm の設定に失敗しました。' when it never comes", async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const done = setupGtm('GTM-TEST', { expectsJQuery: true });
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect(error).toHaveBeenCalledWith('gtm の設定に失敗しました。', expect.any(GtmTimeoutError));
  });

  it('where jQuery is expected: loads the container once jQuery is there', async () => {
    vi.useFakeTimers();
    const done = setupGtm('GTM-ABC123', { expectsJQuery: true });
    await vi.advanceTimersByTimeAsync(100);
    window.jQuery = () => undefined;
    await vi.advanceTimersByTimeAsync(50);
    await done;
    expect(
      document.querySelector('script[src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC123"]'),
    ).not.toBeNull();
  });

  it("logs 'gtm の設定に失敗しました。' when the container itself fails to load", async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await setupGtm('GTM-FAILS');
    const script = document.querySelector<HTMLScriptElement>(
      'script[src="https://www.googletagmanager.com/gtm.js?id=GTM-FAILS"]',
    );
    expect(error).not.toHaveBeenCalled();
    // What the browser fires when gtm.js is blocked (CSP, an extension) or the network fails.
    script!.dispatchEvent(new Event('error'));
    expect(error).toHaveBeenCalledTimes(1);
    const [message, cause] = error.mock.calls[0]!;
    expect(message).toBe('gtm の設定に失敗しました。');
    expect(String(cause)).toContain('gtm.js を読み込めませんでした');
  });
});
