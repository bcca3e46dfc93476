/**
 * Signed-in devices grouped (issue 36, DECISIONS.md #83): every sign-in is a session of its own,
 * so one browser signed in fourteen times in an afternoon listed fourteen identical rows. Sessions with the same
 * device label (browser and system, device-label.ts) are one device: shown once, with when and
 * where it was last used and how many sessions it holds.
 */

/** A session as the sessions list gives it. */
export interface DeviceSession {
  id: number;
  device: string;
  created_at: string;
  last_used_at: string;
  /** Where it was last used from; null when not known. */
  last_address: string | null;
  current: boolean;
}

export interface DeviceGroup {
  device: string;
  /** This browser's own session is in the group. */
  current: boolean;
  /** Every session id of the group, most recently used first. */
  sessionIds: number[];
  /** Sessions that could be signed out from here: all of them, or all but this browser's own. */
  otherSessionIds: number[];
  lastUsedAt: string;
  /** Where the device was last used from: the address of its most recently used session that has one. */
  lastAddress: string | null;
  firstSignedInAt: string;
}

/** One group per device label: this device first, then the most recently used first. */
export function groupSessionsByDevice(sessions: readonly DeviceSession[]): DeviceGroup[] {
  const groups = new Map<string, DeviceGroup>();
  const byUse = [...sessions].sort((a, b) => (a.last_used_at < b.last_used_at ? 1 : a.last_used_at > b.last_used_at ? -1 : b.id - a.id));
  for (const session of byUse) {
    const group = groups.get(session.device) ?? {
      device: session.device,
      current: false,
      sessionIds: [],
      otherSessionIds: [],
      lastUsedAt: session.last_used_at,
      lastAddress: null,
      firstSignedInAt: session.created_at,
    };
    group.lastAddress ??= session.last_address;
    group.sessionIds.push(session.id);
    if (session.current) group.current = true;
    else group.otherSessionIds.push(session.id);
    if (session.created_at < group.firstSignedInAt) group.firstSignedInAt = session.created_at;
    groups.set(session.device, group);
  }
  return [...groups.values()].sort((a, b) => Number(b.current) - Number(a.current));
}
