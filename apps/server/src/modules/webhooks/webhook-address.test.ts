import { describe, expect, it } from 'vitest';
import { WEBHOOK_ADDRESS_MESSAGES, isPublicAddress, refusedUrl } from './webhook-address';

const production = { publicOnly: true };
const trial = { publicOnly: false };

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('lets %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.10',
    '169.254.169.254', // a cloud's metadata service
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('refusedUrl', () => {
  it('allows a public https URL in production', () => {
    expect(refusedUrl(new URL('https://hooks.example.com/mindspend'), production)).toBeNull();
    expect(refusedUrl(new URL('https://93.184.216.34/in'), production)).toBeNull();
  });

  it('refuses plain http, this machine and private networks in production', () => {
    expect(refusedUrl(new URL('http://hooks.example.com/in'), production)).toBe(
      WEBHOOK_ADDRESS_MESSAGES.httpsOnly,
    );
    for (const url of [
      'https://localhost/in',
      'https://127.0.0.1:8080/in',
      'https://[::1]/in',
      'https://192.168.1.2/in',
      'https://intranet/in',
      'https://api.localhost/in',
    ]) {
      expect(refusedUrl(new URL(url), production), url).toBe(WEBHOOK_ADDRESS_MESSAGES.privateAddress);
    }
  });

  it('allows any http(s) address outside production, but never credentials in the URL', () => {
    expect(refusedUrl(new URL('http://127.0.0.1:9000/in'), trial)).toBeNull();
    expect(refusedUrl(new URL('https://me:pw@hooks.example.com/in'), trial)).toBe(
      WEBHOOK_ADDRESS_MESSAGES.credentials,
    );
  });
});
