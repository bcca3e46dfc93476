/**
 * Racing budget writes (issue 10, rows 3 to 5): a bill marked paid from several tabs at once, the
 * same budget created twice by a double click, and two edits of one budget's recurrence.
 */
import { type Budget, budgetSchema, budgetsMonthResponse } from '@mindspend/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseSubcategories, idOf, validationError } from './fixtures';
import {
  Api,
  type Answer,
  type Cluster,
  TEST_DB,
  buildServer,
  countStatuses,
  expectNoServerErrors,
  startCluster,
} from './harness';

const MARKS_PER_MONTH = 20;
const MONTHS = [1, 2, 3, 4, 5];
const SAME_BUDGET_REQUESTS = 20;
/** Each round a sub-category of its own: one budget allowed per sub-category. */
const SAME_BUDGET_ROUNDS = 3;
const RECURRENCE_ROUNDS = 10;
const YEAR = 2026;

describe(`racing budget writes on ${TEST_DB}`, () => {
  let cluster: Cluster;

  beforeAll(async () => {
    await buildServer();
    cluster = await startCluster();
  });
  afterAll(() => cluster?.stop());

  it(`marks a bill month paid once from ${MARKS_PER_MONTH} parallel first-time overrides, ${MONTHS.length} months`, async () => {
    const api = await Api.signUp(cluster, 'race-paid@example.com');
    const [subcategory] = await expenseSubcategories(api);
    const bill = idOf(
      await api.send(
        'POST',
        '/budgets',
        {
          transaction_subcategory_id: subcategory?.id,
          due_in_full: 1,
          amount: 100,
          repeat_start: `${YEAR}-01-01`,
          start_day: 20,
        },
        201,
      ),
    );

    const answered: Answer[] = [];
    const wrong: string[] = [];
    for (const month of MONTHS) {
      // No month row exists yet: every request tries to create the same one.
      const mark = { month, year: YEAR, has_been_paid: 1 };
      answered.push(
        ...(await Promise.all(
          Array.from({ length: MARKS_PER_MONTH }, (_, i) =>
            api.call('PATCH', `/budgets/${bill}`, { json: mark, via: i }),
          ),
        )),
      );
      const after: Budget = budgetSchema.parse(
        await api.get(`/budgets/${bill}?month=${month}&year=${YEAR}`, month),
      );
      const rows = after.months.filter((row) => row.month === month && row.year === YEAR);
      if (after.has_been_paid !== 1 || rows.length !== 1)
        wrong.push(`${month}/${YEAR}: has_been_paid ${after.has_been_paid}, ${rows.length} month rows`);
    }

    expectNoServerErrors(api);
    expect.soft(countStatuses(answered)).toEqual({ 200: MARKS_PER_MONTH * MONTHS.length });
    expect.soft(wrong).toEqual([]);
  });

  it(`creates one budget of ${SAME_BUDGET_REQUESTS} parallel ones for one sub-category, ${SAME_BUDGET_ROUNDS} rounds`, async () => {
    const api = await Api.signUp(cluster, 'race-one-budget@example.com');
    const subcategories = (await expenseSubcategories(api)).slice(0, SAME_BUDGET_ROUNDS);
    const outcomes: string[] = [];
    const messages = new Set<string>();
    for (const subcategory of subcategories) {
      const body = { transaction_subcategory_id: subcategory.id, amount: 250, repeat_start: `${YEAR}-01-01` };
      const answers = await Promise.all(
        Array.from({ length: SAME_BUDGET_REQUESTS }, (_, i) =>
          api.call('POST', '/budgets', { json: body, via: i }),
        ),
      );
      for (const answer of answers)
        if (answer.status === 422)
          messages.add(validationError.parse(answer.body).errors.transaction_subcategory_id?.join(' ') ?? '');
      const listed = budgetsMonthResponse
        .parse(await api.get(`/budgets/month/1/year/${YEAR}`))
        .budgets.filter((budget) => budget.transaction_subcategory_id === subcategory.id).length;
      outcomes.push(`${subcategory.name}: ${JSON.stringify(countStatuses(answers))}, ${listed} listed`);
    }

    expectNoServerErrors(api);
    expect
      .soft(outcomes)
      .toEqual(
        subcategories.map(
          (s) => `${s.name}: ${JSON.stringify({ 201: 1, 422: SAME_BUDGET_REQUESTS - 1 })}, 1 listed`,
        ),
      );
    // The 422s carry the rule's own message, not a database error turned into words.
    expect
      .soft([...messages].sort())
      .toEqual(subcategories.map((s) => `${s.name} already has a budget.`).sort());
  });

  it(`keeps both of an interval edit and an ending edit sent at once, ${RECURRENCE_ROUNDS} rounds`, async () => {
    const api = await Api.signUp(cluster, 'race-recurrence@example.com');
    const [subcategory] = await expenseSubcategories(api);
    const budget = idOf(
      await api.send(
        'POST',
        '/budgets',
        { transaction_subcategory_id: subcategory?.id, amount: 80, repeat_start: `${YEAR}-01-01` },
        201,
      ),
    );

    const answered: Answer[] = [];
    const lost: string[] = [];
    for (let round = 1; round <= RECURRENCE_ROUNDS; round += 1) {
      // Both values differ from the round before, so a stale write shows.
      const interval = 2 + (round % 2);
      const repeatEnd = `${2030 + round}-06-30`;
      answered.push(
        ...(await Promise.all([
          api.call('PATCH', `/budgets/${budget}`, { json: { repeat_interval: interval }, via: round }),
          api.call('PATCH', `/budgets/${budget}`, {
            json: { ending: 'end_by', repeat_end: repeatEnd },
            via: round + 1,
          }),
        ])),
      );
      const after = budgetSchema.parse(await api.get(`/budgets/${budget}`));
      if (after.repeat_interval !== interval)
        lost.push(`round ${round}: repeat_interval ${after.repeat_interval}, not ${interval}`);
      if (after.ending !== 'end_by' || after.repeat_end !== repeatEnd)
        lost.push(`round ${round}: ending ${after.ending} ${after.repeat_end}, not end_by ${repeatEnd}`);
    }

    expectNoServerErrors(api);
    expect.soft(countStatuses(answered)).toEqual({ 200: 2 * RECURRENCE_ROUNDS });
    expect.soft(lost, `${lost.length} of ${2 * RECURRENCE_ROUNDS} edits lost`).toEqual([]);
  });
});
