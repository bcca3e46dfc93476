import { describe, expect, it } from 'vitest';
import { pushDeviceLabel } from './device-label';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
// What iPadOS Safari sends: the same words as a Mac's.
const DESKTOP_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const HEADLESS_CHROMIUM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('the label of a device that gets notifications', () => {
  it('names the browser and the system as Settings lists sign-ins', () => {
    expect(pushDeviceLabel(ANDROID_CHROME, 5)).toBe('Chrome on Android');
    expect(pushDeviceLabel(IPHONE_SAFARI, 5)).toBe('Safari on iPhone');
    expect(pushDeviceLabel(WINDOWS_FIREFOX, 0)).toBe('Firefox on Windows');
    expect(pushDeviceLabel(HEADLESS_CHROMIUM, 0)).toBe('Chrome on Linux');
  });

  it('tells an iPad that says it is a Mac by its touch screen', () => {
    expect(pushDeviceLabel(DESKTOP_SAFARI, 5)).toBe('Safari on iPad');
    expect(pushDeviceLabel(DESKTOP_SAFARI, 0)).toBe('Safari on macOS');
    // A Mac's trackpad reports no touch points; one stray point is not a touch screen.
    expect(pushDeviceLabel(DESKTOP_SAFARI, 1)).toBe('Safari on macOS');
  });

  it('says so when it cannot tell', () => {
    expect(pushDeviceLabel('', 0)).toBe('Unknown device');
  });
});
