/** Mantine's NumberInput reports '' while empty and a number otherwise; forms keep exactly that. */
export const numberOrEmpty = (value: string | number): number | '' =>
  typeof value === 'number' ? value : value === '' ? '' : Number(value);
