import '@mantine/dates/styles.layer.css';
import { useState } from 'react';
import { DateInput } from '@mantine/dates';
import { formatShortDate, isoDate, parseIsoDate } from '@mindspend/domain';

interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** `11/22/2026` → `2026-11-22`; null when the text is not a real m/d/Y date. */
export function parseShortDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const iso = isoDate({ month: Number(match[1]), day: Number(match[2]), year: Number(match[3]) });
  return parseIsoDate(iso) ? iso : null;
}

function displayDate(value: string): string {
  const date = parseIsoDate(value);
  return date ? formatShortDate(date) : value;
}

/** A date typed or picked, shown m/d/Y as the forms show dates (spec §5, §9: Sunday first). */
export function DateField({ label, value, onChange, error }: DateFieldProps) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DateInput
      // While the calendar is open, Escape closes the calendar only: a modal around the field
      // leaves a key whose target carries this mark to it, as Mantine's own dropdowns do (issue 36).
      data-mantine-stop-propagation={calendarOpen ? 'true' : undefined}
      label={label}
      placeholder="m/d/yyyy"
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={displayDate}
      dateParser={parseShortDate}
      firstDayOfWeek={0}
      error={error}
      popoverProps={{ withinPortal: true, onOpen: () => setCalendarOpen(true), onClose: () => setCalendarOpen(false) }}
      // The typed date is taken as it is typed; Enter here means 'this date', not 'submit the
      // form': without this the browser's implicit submission sends a half-filled form (issue 13).
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
    />
  );
}
