/**
 * The label a device's notifications are listed under in Settings ("Chrome on Android"): the same
 * words as its sign-ins (domain deviceLabel), so a person recognises the device in both lists.
 */
import { deviceLabel } from '@mindspend/domain';

/**
 * iPadOS Safari says it is a Mac (since iPadOS 13), and only its touch screen tells the two apart:
 * no Mac has one, so a "Mac" with several touch points is an iPad.
 */
export function pushDeviceLabel(userAgent: string, maxTouchPoints: number): string {
  const label = deviceLabel(userAgent);
  if (maxTouchPoints > 1 && label.endsWith('macOS')) return label.replace(/macOS$/, 'iPad');
  return label;
}

/** This browser's label. */
export const thisDeviceLabel = (): string => pushDeviceLabel(navigator.userAgent, navigator.maxTouchPoints ?? 0);
