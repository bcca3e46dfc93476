import { describe, expect, it } from 'vitest';
import {
  DENIED_MESSAGE,
  IOS_MESSAGE,
  UNSUPPORTED_MESSAGE,
  type BrowserFacts,
  base64UrlToBytes,
  pushAvailability,
  sameKey,
  subscribeFailureMessage,
} from './push-support';

const CAPABLE: BrowserFacts = { isSecureContext: true, hasServiceWorker: true, hasPushManager: true, hasNotification: true, userAgent: 'Chrome' };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('whether this browser can get notifications', () => {
  it('can, on a secure page with a service worker, the Push API and notifications', () => {
    expect(pushAvailability(CAPABLE)).toEqual({ kind: 'available' });
  });

  it('says plain http is the cause, though the browser then hides the APIs too', () => {
    expect(pushAvailability({ ...CAPABLE, isSecureContext: false, hasServiceWorker: false, hasPushManager: false })).toEqual({ kind: 'insecure' });
  });

  it('says the browser cannot, and on an iPhone that the Home Screen app can', () => {
    expect(pushAvailability({ ...CAPABLE, hasPushManager: false })).toEqual({ kind: 'unsupported', message: UNSUPPORTED_MESSAGE });
    expect(pushAvailability({ ...CAPABLE, hasNotification: false })).toEqual({ kind: 'unsupported', message: UNSUPPORTED_MESSAGE });
    expect(pushAvailability({ ...CAPABLE, hasPushManager: false, userAgent: IPHONE })).toEqual({ kind: 'unsupported', message: IOS_MESSAGE });
  });
});

describe('the browser’s refusal to subscribe, in words', () => {
  it('quotes the browser and says what to try when its push service is missing', () => {
    const message = subscribeFailureMessage(new DOMException('Registration failed - push service not available', 'AbortError'));
    expect(message).toMatch(/^This browser could not sign up for notifications: “Registration failed - push service not available” \(AbortError\)\./);
    expect(message).toContain('try another browser');
  });

  it('sends a refused permission to the words on allowing it again', () => {
    expect(subscribeFailureMessage(new DOMException('Permission denied', 'NotAllowedError'))).toBe(DENIED_MESSAGE);
  });

  it('names an error that has no message, and something that is not an error', () => {
    expect(subscribeFailureMessage(new DOMException('', 'InvalidStateError'))).toBe('This browser could not sign up for notifications: InvalidStateError.');
    expect(subscribeFailureMessage('boom')).toBe('This browser could not sign up for notifications, and gave no reason.');
  });
});

describe('the server’s key', () => {
  it('is read from base64url, padded or not, to the 65 bytes of a P-256 point', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 37 + 4) % 256);
    const base64url = Buffer.from(bytes).toString('base64url');
    expect(base64UrlToBytes(base64url)).toEqual(bytes);
    expect(base64UrlToBytes(`${base64url}=`)).toEqual(bytes);
    expect(sameKey(bytes.buffer, base64UrlToBytes(base64url))).toBe(true);
    expect(sameKey(new Uint8Array(65).buffer, bytes)).toBe(false);
    expect(sameKey(null, bytes)).toBe(false);
  });
});
