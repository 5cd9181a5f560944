import type { ApiRoute } from '@ubongo/core';
import { API } from '@ubongo/core';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import made from './api-answers.json' with { type: 'json' };

/*
 * The OpenAPI document (`GET /api/openapi.json`): each operation's input from its zod schemas,
 * its answers from core's typed map (`API`, and the schemas `npm run api:answers` made from
 * `ApiRoutes`, api-answers.json), the bearer session as a security scheme.
 */

const answers = made.answers as Readonly<Record<string, unknown>>;

/** Words for each status an operation may answer. */
const WORDS: Readonly<Record<number, string>> = {
  200: 'The answer',
  201: 'Made',
  204: 'Done: no body',
  400: 'The request is malformed: `error` names the first field wrong',
  401: 'No live session: sign in first',
  403: 'Not allowed for this account, or not yet',
  404: 'Nothing there',
  409: 'In conflict with what is there',
  410: 'Gone',
  422: 'Refused as it is: `code` and `params` say why and where',
  429: 'Over the address’s (or account’s) budget: wait `Retry-After` seconds',
  500: 'The server failed',
};

const error = { $ref: '#/components/schemas/ApiErrorAnswer' };

/** An operation's answers and security, from the map, for `route` (`'GET /api/records'`). */
export function described(route: string): Record<string, unknown> | undefined {
  if (!(route in API)) return undefined;
  const operation = API[route as ApiRoute];
  const answer = answers[route];
  const response: Record<string, unknown> = {
    [operation.status]: {
      ...(answer === null || answer === undefined ? {} : (answer as object)),
      description: WORDS[operation.status],
    },
  };
  for (const status of [...operation.errors, 429, 500])
    response[status] = { ...error, description: WORDS[status] ?? 'Refused' };
  const session = [{ session: [] }];
  return {
    response,
    ...(operation.session === 'required' ? { security: session } : {}),
    ...(operation.session === 'optional' ? { security: [{}, ...session] } : {}),
  };
}

/** How @fastify/swagger makes the document. */
export const OPENAPI: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Ubongo server',
      version: '1',
      description: 'The HTTP side of the game server (docs/protocol.md); the game itself is on the WebSocket.',
    },
    components: {
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          description: 'A session token (`POST /api/accounts` or `POST /api/sessions`), 30 days (docs/accounts.md)',
        },
      },
      schemas: made.schemas as Record<string, object>,
    },
  },
  transform: (input) => {
    const out = jsonSchemaTransform(input);
    const route = `${input.route.method as string} ${input.url}`;
    const more = described(route);
    return more ? { ...out, schema: { ...out.schema, ...more } } : out;
  },
};
