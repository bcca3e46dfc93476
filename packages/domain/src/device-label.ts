/**
 * The device label a session is listed under in Settings ('Chrome on macOS', 'Safari on iPhone'),
 * read from the User-Agent the sign-in came with. Only the browser family and the system are
 * kept: enough for a person to recognise their own devices, without storing a fingerprint.
 */

/** Order matters: Edge and Opera also say Chrome, Chrome also says Safari, iOS browsers say Safari. */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

/** iPhone and iPad before Mac (iPads can say "like Mac OS X"), Android before Linux. */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Unknown device';

function firstMatch(userAgent: string, rules: ReadonlyArray<[RegExp, string]>): string | null {
  return rules.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

/** 'Browser on System', one of them alone when the other is unknown, or 'Unknown device'. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const agent = (userAgent ?? '').slice(0, 512);
  const browser = firstMatch(agent, BROWSERS);
  const system = firstMatch(agent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
