import { describe, expect, it } from 'vitest';
import { LOGIN_BOUNCE_WINDOW_MS, clearLoginTrip, mayTripToLogin } from './login-trip.ts';

const memoryStorage = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  } as Storage;
};

describe('one trip to the login page', () => {
  it('lets the first refusal go, stops a second within the window, lets one go after it', () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const env = { storage: () => storage, now: () => now };
    expect(mayTripToLogin(env)).toBe(true);
    now += 2_000;
    expect(mayTripToLogin(env)).toBe(false);
    now += LOGIN_BOUNCE_WINDOW_MS;
    expect(mayTripToLogin(env)).toBe(true);
  });

  it('a user read in between clears the trip', () => {
    const storage = memoryStorage();
    const env = { storage: () => storage, now: () => 5_000_000 };
    expect(mayTripToLogin(env)).toBe(true);
    clearLoginTrip(env);
    expect(mayTripToLogin(env)).toBe(true);
  });

  it('without storage it never goes (a loop could not be noticed)', () => {
    const env = {
      storage: () => {
        throw new Error('denied');
      },
      now: () => 1,
    };
    expect(mayTripToLogin(env)).toBe(false);
  });
});
