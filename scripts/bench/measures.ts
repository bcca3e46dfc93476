// Small measuring helpers shared by the bench stages: what a server process has used so far, read
// from /proc (Linux only), and the median of a run's figures.
import { readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) a process has used so far: less sensitive to a busy machine than
 * wall time.
 */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // utime and stime are fields 14 and 15 of proc(5); counted here after the ")" that ends field 2.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
}

/**
 * Issue 29's memory goals for the server (a 512 MB box with PostgreSQL beside it): idle after
 * start-up (the startup stage), and after the ledger stage's load runs on the 200,000-row seed.
 */
export const MEMORY_GOALS = { idleRssMb: 100, loadedRssMb: 160 };

/** A process's resident memory (VmRSS) in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
