import { MonthPickerInput } from '@mantine/dates';
import type { YearMonth } from '@mindspend/domain';
import { type MonthRange, monthOfPicker, pickerValue, withRangeFrom, withRangeTo } from '../lib/month-range';

interface MonthRangePickersProps<Range extends MonthRange> {
  range: Range;
  /** The latest month that can be picked (the current one). */
  maxMonth: YearMonth;
  /** The longest range the page answers. */
  maxMonths: number;
  onChange: (range: Range) => void;
}

/** The 'From' and 'To' month pickers of a chart page; moving one end keeps the range valid. */
export function MonthRangePickers<Range extends MonthRange>({ range, maxMonth, maxMonths, onChange }: MonthRangePickersProps<Range>) {
  const latest = new Date(maxMonth.year, maxMonth.month - 1, 1);
  const picker = (label: string, value: YearMonth, move: (month: YearMonth) => Range) => (
    <MonthPickerInput
      label={label}
      value={pickerValue(value)}
      onChange={(picked) => {
        const month = monthOfPicker(picked);
        if (month) onChange(move(month));
      }}
      maxDate={latest}
      valueFormat="MMM YYYY"
      w={140}
      popoverProps={{ withinPortal: true }}
    />
  );
  return (
    <>
      {picker('From', range.from, (month) => withRangeFrom(range, month, maxMonths))}
      {picker('To', range.to, (month) => withRangeTo(range, month, maxMonths))}
    </>
  );
}
