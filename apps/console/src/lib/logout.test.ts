import { describe, expect, it } from 'vitest';
import { logoutDestination } from './logout.ts';

const SITE = 'http://localhost:3000';

describe('logoutDestination', () => {
  it("follows the site's answer on its own origin", () => {
    expect(logoutDestination('http://localhost:3000/login', SITE)).toBe(
      'http://localhost:3000/login',
    );
  });

  it.each([
    'https://evil.example/login',
    '//evil.example/x',
    'javascript:alert(1)',
    'http://localhost:3001/login',
  ])('never leaves the site for %s: the login page instead', (url) => {
    expect(logoutDestination(url, SITE)).toBe('http://localhost:3000/login');
  });

  it('goes to the login page when the site gave no answer', () => {
    expect(logoutDestination(null, SITE)).toBe('http://localhost:3000/login');
  });
});
