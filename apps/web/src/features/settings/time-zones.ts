/** The time zones Settings offers (DECISIONS.md #85): the browser's list, with the person's own. */

export interface TimeZoneChoice {
  value: string;
  label: string;
}

/** The browser's IANA zones; none in a browser too old to list them (the saved zone still shows). */
function browserZones(): string[] {
  return 'supportedValuesOf' in Intl ? Intl.supportedValuesOf('timeZone') : [];
}

/**
 * Every zone the browser knows, plus the saved one and UTC, which the list may lack (a zone
 * given to older accounts such as `Etc/GMT+8`, or one another browser spells differently),
 * sorted by name; `Los_Angeles` reads as `Los Angeles`, so typing the city finds it.
 */
export function timeZoneChoices(saved: string, zones: readonly string[] = browserZones()): TimeZoneChoice[] {
  const names = [...new Set([...zones, saved, 'UTC'])].sort((a, b) => a.localeCompare(b));
  return names.map((value) => ({ value, label: value.replace(/_/g, ' ') }));
}
