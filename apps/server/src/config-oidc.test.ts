/** The single sign-on settings (DECISIONS.md #81): all or none, https unless on this machine. */
import { describe, expect, it } from 'vitest';
import { loadConfig, oidcSettings } from './config';

const TRIO = { OIDC_ISSUER_URL: 'https://id.example.org/application/o/mindspend/', OIDC_CLIENT_ID: 'mindspend', OIDC_CLIENT_SECRET: 's3cret' };

describe('loadConfig: single sign-on', () => {
  it('is off when nothing is set or every value is empty, with the default button label', () => {
    const config = loadConfig({ OIDC_ISSUER_URL: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' });
    expect(oidcSettings(config)).toBeNull();
    expect(config.OIDC_BUTTON_LABEL).toBe('Sign in with single sign-on');
    expect(config.OIDC_ONLY).toBe(false);
  });

  it('takes the three together, with a label and OIDC_ONLY', () => {
    const config = loadConfig({ ...TRIO, OIDC_BUTTON_LABEL: 'Sign in with Authentik', OIDC_ONLY: 'true' });
    expect(oidcSettings(config)).toEqual({ issuer: new URL(TRIO.OIDC_ISSUER_URL), clientId: 'mindspend', clientSecret: 's3cret' });
    expect(config).toMatchObject({ OIDC_BUTTON_LABEL: 'Sign in with Authentik', OIDC_ONLY: true });
  });

  it('refuses half a setup, naming what is missing', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: TRIO.OIDC_ISSUER_URL })).toThrow(
      /OIDC_CLIENT_ID: OIDC_CLIENT_ID is required when OIDC_ISSUER_URL is set[\s\S]*OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET is required/,
    );
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toThrow(
      /OIDC_ISSUER_URL: OIDC_ISSUER_URL is required when OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set/,
    );
  });

  it('allows a plain-http issuer on this machine only', () => {
    for (const issuer of ['http://127.0.0.1:9000', 'http://localhost:9000/realms/home', 'http://[::1]:9000']) {
      expect(oidcSettings(loadConfig({ ...TRIO, OIDC_ISSUER_URL: issuer }))?.issuer.href).toBe(new URL(issuer).href);
    }
    expect(() => loadConfig({ ...TRIO, OIDC_ISSUER_URL: 'http://id.example.org' })).toThrow(/OIDC_ISSUER_URL must use https:\/\//);
    expect(() => loadConfig({ ...TRIO, OIDC_ISSUER_URL: 'ftp://id.example.org' })).toThrow(/OIDC_ISSUER_URL must be an https:\/\/ URL/);
  });

  it('refuses OIDC_ONLY without single sign-on, and a label too long for the button', () => {
    expect(() => loadConfig({ OIDC_ONLY: 'true' })).toThrow(/OIDC_ONLY: OIDC_ONLY=true needs single sign-on set up/);
    expect(() => loadConfig({ ...TRIO, OIDC_BUTTON_LABEL: 'x'.repeat(61) })).toThrow(/OIDC_BUTTON_LABEL must be at most 60 characters/);
  });
});
