/**
 * A recent moment in the user's locale: the time alone when it is today, else date and time (when
 * answers were saved for offline use, when a notice came). `now` and `locale` are parameters for tests.
 */
export function formatRecentTime(moment: Date, now = new Date(), locale?: string): string {
  const sameDay = moment.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(locale, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(moment);
}
