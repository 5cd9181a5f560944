import type { ApiAnswer, ApiErrorAnswer, ApiInput, ApiRoute } from '@ubongo/core';
import { API } from '@ubongo/core';
import { reached, unreachableAs } from './connection.js';

/*
 * The HTTP API as core's typed map says it is (docs/protocol.md, "HTTP"): `request(route, input,
 * session)` builds the path from its parameters, the query and the JSON body, sends the session
 * where the operation takes one, and returns the typed answer. Refusals are `ApiProblem`s; no answer
 * at all is connection.ts's `CannotReach`. The
 * session is the account's (account.ts's `api`): this module knows nothing of who plays.
 */

/** A refused request: its status, the server's words, and where it says why by a code, the code and its values. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly params?: Readonly<Record<string, string | number>>,
    /** How long to wait before asking again (429's `Retry-After`), in seconds. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** An operation's input, to pass or to leave out where it takes none. */
export type InputOf<R extends ApiRoute> = object extends ApiInput<R> ? [input?: ApiInput<R>] : [input: ApiInput<R>];

/** The path of `route` with its parameters (each encoded) and its query. */
export function pathOf(route: ApiRoute, input: Partial<Record<'params' | 'query', object>> = {}): string {
  const [, pattern = ''] = route.split(' ');
  const params = (input.params ?? {}) as Readonly<Record<string, string>>;
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = Object.entries(input.query ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string');
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query).toString()}`;
}

/** Sends `route` with `input`, and `session` where the operation takes one (null: none yet). */
export async function request<R extends ApiRoute>(
  route: R,
  input: ApiInput<R> | undefined,
  session: string | null,
): Promise<ApiAnswer<R>> {
  const [method = 'GET'] = route.split(' ');
  const parts = (input ?? {}) as Partial<Record<'params' | 'query' | 'body', object>>;
  const signed = API[route].session !== 'none' && session !== null && session !== '';
  // Same origin: the server that served the page, or Vite's proxy to it during development.
  let res: Response;
  try {
    res = await fetch(pathOf(route, parts), {
      method,
      headers: {
        ...(parts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(signed ? { authorization: `Bearer ${session}` } : {}),
      },
      ...(parts.body === undefined ? {} : { body: JSON.stringify(parts.body) }),
    });
  } catch (e) {
    // No answer at all (offline, the server down): said as such, never as the browser's "Failed to fetch".
    throw unreachableAs(e);
  }
  reached();
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  if (!res.ok) {
    const answer = (parsed ?? {}) as Partial<ApiErrorAnswer>;
    const wait = Number(res.headers.get('retry-after'));
    const retryAfter = Number.isFinite(wait) && wait > 0 ? wait : null;
    throw new ApiProblem(res.status, answer.error ?? `HTTP ${res.status}`, answer.code, answer.params, retryAfter);
  }
  // The server registers this route from the same map, its answer typed by it.
  return parsed as ApiAnswer<R>;
}
