import { describe, expect, it } from 'vitest';
import { type DeviceSession, groupSessionsByDevice } from './device-groups';

const session = (id: number, device: string, created: string, used: string, current = false, address: string | null = null): DeviceSession => ({
  id, device, created_at: `2026-11-${created}`, last_used_at: `2026-11-${used}`, last_address: address, current,
});

describe('signed-in devices grouped (issue 36)', () => {
  it('shows one browser signed in many times as one device, with its latest use, its place and every session', () => {
    const groups = groupSessionsByDevice([
      session(1, 'Chrome on Linux', '20T09:00', '20T09:30', false, '198.51.100.7'),
      session(2, 'Chrome on Linux', '20T10:00', '26T18:00', false, '203.0.113.9'),
      session(3, 'Safari on iPhone', '21T08:00', '25T07:00'),
      session(4, 'Chrome on Linux', '20T11:00', '22T12:00', false, '198.51.100.7'),
    ]);
    expect(groups).toEqual([
      {
        device: 'Chrome on Linux', current: false, sessionIds: [2, 4, 1], otherSessionIds: [2, 4, 1],
        lastUsedAt: '2026-11-26T18:00', lastAddress: '203.0.113.9', firstSignedInAt: '2026-11-20T09:00',
      },
      {
        device: 'Safari on iPhone', current: false, sessionIds: [3], otherSessionIds: [3],
        lastUsedAt: '2026-11-25T07:00', lastAddress: null, firstSignedInAt: '2026-11-21T08:00',
      },
    ]);
  });

  it('puts this device first, and leaves its own session out of what it can sign out', () => {
    const groups = groupSessionsByDevice([
      session(1, 'Firefox on Windows', '20T09:00', '26T20:00'),
      session(2, 'Chrome on Linux', '21T10:00', '26T10:00', true),
      session(3, 'Chrome on Linux', '20T10:00', '22T10:00'),
    ]);
    expect(groups.map((group) => [group.device, group.current, group.otherSessionIds])).toEqual([
      ['Chrome on Linux', true, [3]],
      ['Firefox on Windows', false, [1]],
    ]);
  });

  it('has nothing to show for no sessions', () => {
    expect(groupSessionsByDevice([])).toEqual([]);
  });
});
