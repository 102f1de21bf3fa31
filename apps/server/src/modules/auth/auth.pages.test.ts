import { describe, expect, it } from 'vitest';
import { safeReturnTo, signInPage } from './auth.pages.ts';

describe('the return address after sign-in', () => {
  it('keeps a same-site path', () => {
    expect(safeReturnTo('/main')).toBe('/main');
    expect(safeReturnTo('/main/project?id=1#x')).toBe('/main/project?id=1#x');
  });

  it('never leads to another site', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/ /x',
      'main',
      '',
      undefined,
      ['/main'],
    ])
      expect(safeReturnTo(value)).toBe('/main');
  });
});

describe('the sign-in page', () => {
  const sso = { name: 'Contoso ID', href: '/auth/oidc/start?returnTo=%2Fmain' };

  it('without single sign-on: the password form only', () => {
    const html = signInPage({ returnTo: '/main' });
    expect(html).toContain('name="password"');
    expect(html).not.toContain('/auth/oidc/start');
  });

  it('with single sign-on: its button, and the password form while passwords are allowed', () => {
    const both = signInPage({ returnTo: '/main', singleSignOn: sso });
    expect(both).toContain('Sign in with Contoso ID');
    expect(both).toContain('name="password"');
    const ssoOnly = signInPage({ returnTo: '/main', singleSignOn: sso, passwordSignIn: false });
    expect(ssoOnly).toContain('href="/auth/oidc/start?returnTo=%2Fmain"');
    expect(ssoOnly).not.toContain('name="password"');
    expect(ssoOnly).not.toContain('<form');
  });
});
