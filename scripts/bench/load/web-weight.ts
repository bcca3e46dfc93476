// The web stage's weight and Lighthouse figures (issue 29, DECISIONS.md #110), apart from the
// ledger timings of web-load.ts: every route's bytes as Chromium counts them (the check of
// scripts/web/route-transfer-check.ts) and Lighthouse's mobile audit of landing, login and a
// signed-in ledger month (web-lighthouse.ts), each against its goal. Reported, not enforced: the
// byte budgets are enforced by `npm test`, and Lighthouse's times move with the machine's load.
import { TRANSFER_TITLE, transferredRoutes } from '../../web/route-transfer-check';
import { overBudget, transferTable } from '../../web/transfer-budgets';
import { lighthouseMissed, lighthouseTable, runLighthouseOnOwnServer } from './web-lighthouse';

export async function benchWebWeight(): Promise<void> {
  const rows = await transferredRoutes();
  console.log(`\n${TRANSFER_TITLE}\n${transferTable(rows)}\n`);
  const results = await runLighthouseOnOwnServer();
  console.log(`\n${lighthouseTable(results)}\n`);
  const missed = [...overBudget(rows), ...lighthouseMissed(results)];
  if (missed.length) console.log(`Web weight goals missed (not enforced here): ${missed.join('; ')}`);
}
