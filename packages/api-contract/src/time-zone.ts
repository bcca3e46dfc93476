/** The person's time zone on the wire (DECISIONS.md #85): an IANA name, checked against the zone database. */
import { TIME_ZONE_MAX, TIME_ZONE_UNKNOWN, isTimeZone } from '@mindspend/domain';
import { text } from './common';

/**
 * `time_zone` of a request: a name such as `America/Los_Angeles`, refused with a sentence that
 * says what to do when the zone database does not know it (the server stores its canonical
 * spelling, `canonicalTimeZone`).
 */
export const timeZoneField = () =>
  text(TIME_ZONE_MAX)
    .refine(isTimeZone, TIME_ZONE_UNKNOWN)
    .describe('An IANA time zone, such as America/Los_Angeles: the person\'s "today" follows its clock.');
