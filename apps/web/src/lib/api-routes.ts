/**
 * The web app calls the API by route name (issue 26): the path is the route table's
 * (@mindspend/api-contract ROUTES), its parameters are typed from the path template, body and
 * query from the route's schemas (ROUTE_ANSWERS), and the answer is typed as the route's answer
 * schema. In development and tests each answer is also checked against that schema
 * (./answer-check.ts, loaded only there); the production build never parses answers.
 * No other file of the app spells an API path (eslint.config.js, scripts/web-api-paths.test.ts).
 */
import {
  ROUTES,
  type JsonRouteName,
  type RouteAnswerOf,
  type RouteBodyOf,
  type RouteName,
  type RouteQueryOf,
} from '@mindspend/api-contract';
import { downloadFile, fetchFile, requestApi, type FetchedFile, type RequestOptions } from './api-client';

/** `'/api/books/:id/members/:userId'` → `'id' | 'userId'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's parameters: `/api/accounts/:id` → `{ id: number | string }`. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: number | string };

type PathOf<N extends RouteName> = (typeof ROUTES)[N]['path'];

/** A value the query string can carry; undefined and null leave the key out. */
type QueryValue = string | number | boolean | null | undefined;

type ParamsOption<N extends RouteName> = [ParamNames<PathOf<N>>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<PathOf<N>> };

type BodyOption<N extends RouteName> = [RouteBodyOf<N>] extends [never]
  ? { body?: undefined }
  : undefined extends RouteBodyOf<N>
    ? { body?: RouteBodyOf<N> }
    : { body: RouteBodyOf<N> };

/**
 * A query as the client sends it: the schema's input, where a field the server reads from a string
 * may be given as a number too (it is written into the URL either way), and null leaves a key out.
 */
export type WireQuery<Q> = {
  readonly [K in keyof Q]: (string extends Exclude<Q[K], undefined> ? string | number : Q[K]) | null;
};

type QueryOption<N extends RouteName> = [RouteQueryOf<N>] extends [never]
  ? { query?: undefined }
  : { query: WireQuery<RouteQueryOf<N>> };

/** What a call of route N takes besides its name. */
export type CallOptions<N extends RouteName> = ParamsOption<N> &
  BodyOption<N> &
  QueryOption<N> &
  Omit<RequestOptions, 'method' | 'body'>;

/** The options argument may be left out when nothing in it is required. */
type CallArgs<N extends RouteName> = object extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

interface UrlParts {
  params?: Readonly<Record<string, number | string>>;
  query?: Readonly<Record<string, QueryValue>>;
}

/** What the URL of route N needs: its path parameters, and its query when it reads one. */
type UrlArgs<N extends RouteName> = object extends ParamsOption<N> & QueryOption<N>
  ? [parts?: ParamsOption<N> & QueryOption<N>]
  : [parts: ParamsOption<N> & QueryOption<N>];

/**
 * The URL of route `name` (the table's path, `/api/…`): each `:param` replaced by its encoded
 * value, then the query's defined values in their given order.
 */
export function routeUrl<N extends RouteName>(name: N, ...[parts]: UrlArgs<N>): string {
  // The types above checked the parts against the route; the builder reads them generically.
  return buildUrl(name, (parts ?? {}) as UrlParts);
}

function buildUrl(name: RouteName, parts: UrlParts): string {
  const path = ROUTES[name].path.replace(/:([A-Za-z]\w*)/g, (_, key: string) => {
    const value = parts.params?.[key];
    if (value === undefined) throw new Error(`${name}: no value for the path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  const pairs = Object.entries(parts.query ?? {}).flatMap(([key, value]) =>
    value === undefined || value === null ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`],
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

// Vite replaces both with constants, so the production build drops the check and its module.
const CHECKS_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** Calls route `name` and resolves with its answer (checked in development and tests). */
export async function callApi<N extends JsonRouteName>(name: N, ...[options]: CallArgs<N>): Promise<RouteAnswerOf<N>> {
  const { params, query, body, ...extra } = (options ?? {}) as CallOptions<N> & UrlParts & { body?: unknown };
  const { method } = ROUTES[name];
  // As before the table: a POST always carries a JSON body, `{}` when it has nothing to say.
  const sent = body === undefined && method === 'POST' ? {} : body;
  return checkedAnswer(name, await requestApi(buildUrl(name, { params, query }), { ...extra, method, body: sent }));
}

/** `answer` as route `name`'s answer: checked against its schema in development and tests. */
export async function checkedAnswer<N extends RouteName>(name: N, answer: unknown): Promise<RouteAnswerOf<N>> {
  if (CHECKS_ANSWERS) {
    const { checkAnswer } = await import('./answer-check');
    checkAnswer(name, answer);
  }
  return answer as RouteAnswerOf<N>;
}

/** The API reference the server serves for people (apps/server plugins/openapi.ts DOCS_PREFIX; not a route of the table). */
export const API_DOCS_URL = '/api/docs';

/** Routes whose answer is a file to save. */
type FileRouteName = 'exportTransactionsCsv' | 'exportBackup' | 'exportBackupZip' | 'exportTaxZip';

/** Downloads route `name`'s file (lib/api-client.ts downloadFile), with its query when it reads one; resolves with the saved name. */
export function downloadRoute<N extends FileRouteName>(name: N, fallbackName: string, ...[parts]: UrlArgs<N>): Promise<string> {
  return downloadFile(buildUrl(name, (parts ?? {}) as UrlParts), fallbackName);
}

/** An attachment's routes that answer its bytes (DECISIONS.md #107): the file and its thumbnail. */
type AttachmentFileRouteName = 'getAttachmentFile' | 'getAttachmentThumbnail';

/** Fetches attachment `id`'s file or thumbnail with the token, for a Blob URL (DECISIONS.md #114). */
export const fetchAttachmentFile = (name: AttachmentFileRouteName, id: number, fallbackName: string, signal?: AbortSignal): Promise<FetchedFile> =>
  fetchFile(buildUrl(name, { params: { id } }), fallbackName, signal);

/** Saves attachment `id`'s file under its own name; resolves with that name. */
export const downloadAttachment = (id: number, fallbackName: string) => downloadFile(buildUrl('getAttachmentFile', { params: { id } }), fallbackName);
