import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv: e-mail settings', () => {
  it('has no SMTP settings without a host, and links to localhost on the port', () => {
    const env = loadEnv({ PORT: '8080', PENSTOCK_SMTP_USER: 'someone' });
    expect(env.smtp).toBeUndefined();
    expect(env.publicUrl).toBe('http://localhost:8080');
  });

  it('reads the SMTP settings with their defaults', () => {
    expect(loadEnv({ PENSTOCK_SMTP_HOST: 'mail.example.com' }).smtp).toEqual({
      host: 'mail.example.com',
      port: 587,
      secure: false,
      user: undefined,
      password: undefined,
      from: 'Penstock <penstock@localhost>',
    });
    const env = loadEnv({
      PENSTOCK_SMTP_HOST: 'mail.example.com',
      PENSTOCK_SMTP_PORT: '465',
      PENSTOCK_SMTP_SECURE: '1',
      PENSTOCK_SMTP_USER: 'penstock',
      PENSTOCK_SMTP_PASSWORD: 'secret',
      PENSTOCK_SMTP_FROM: 'Penstock <penstock@example.com>',
      PENSTOCK_PUBLIC_URL: 'https://penstock.example.com/',
    });
    expect(env.smtp).toEqual({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      user: 'penstock',
      password: 'secret',
      from: 'Penstock <penstock@example.com>',
    });
    expect(env.publicUrl).toBe('https://penstock.example.com');
  });
});
