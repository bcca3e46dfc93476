// A generated bank statement, shared by the import bench (scripts/bench/imports/) and the race
// tests that import a large file (apps/server/src/test/race/): both need the same many-row CSV,
// and a test must not import the bench to get it.

const PAYEES = [
  'SHELL OIL 57442 PORTLAND OR',
  'SAFEWAY #1234',
  'STARBUCKS STORE 0942',
  'NETFLIX.COM',
  'ZIGGY BIKE SHOP',
  'PAYROLL ACME CORP',
];

/** A bank-style CSV of `rows` rows spread over four years. */
export function generateCsv(rows: number): string {
  const lines = ['Date,Description,Amount'];
  for (let i = 0; i < rows; i += 1) {
    const day = new Date(Date.UTC(2022, 0, 1) + (i % 1460) * 86_400_000);
    const date = `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
    const payee = PAYEES[i % PAYEES.length] as string;
    const amount = payee.startsWith('PAYROLL')
      ? `${(2000 + (i % 500)).toFixed(2)}`
      : `-${((i % 9000) / 100 + 1).toFixed(2)}`;
    lines.push(`${date},${payee} ${i % 97},${amount}`);
  }
  return lines.join('\n');
}
