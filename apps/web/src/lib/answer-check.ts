/**
 * Checks an answer against its route's schema (issue 26). Loaded by ./api-routes.ts only in
 * development and tests, so the production bundle carries neither this nor the schemas: a server
 * and web app out of step show up here, naming the route, instead of as a blank field later.
 */
import { ROUTE_ANSWERS, ROUTES, type RouteName } from '@mindspend/api-contract';

/** How many of a mismatch's issues the message lists. */
const ISSUES_SHOWN = 5;

export class AnswerMismatchError extends Error {
  readonly route: RouteName;

  constructor(route: RouteName, problems: string[]) {
    const { method, path } = ROUTES[route];
    super(`The answer of ${route} (${method} ${path}) does not match the API contract: ${problems.join('; ')}`);
    this.name = 'AnswerMismatchError';
    this.route = route;
  }
}

/** Throws AnswerMismatchError when `body` is not what route `name` answers. */
export function checkAnswer(name: RouteName, body: unknown): void {
  const { answer } = ROUTE_ANSWERS[name];
  if (answer === 'no-content') {
    if (body !== null) throw new AnswerMismatchError(name, ['expected no content (204)']);
    return;
  }
  if (typeof answer === 'string') return;
  const result = answer.safeParse(body);
  if (result.success) return;
  const problems = result.error.issues
    .slice(0, ISSUES_SHOWN)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(the answer)'}: ${issue.message}`);
  throw new AnswerMismatchError(name, problems);
}
