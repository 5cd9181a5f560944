import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ANSWERS_FILE, apiAnswers, apiAnswersText } from './api-answers.js';

const root = join(import.meta.dirname, '../../..');

describe('the API answers’ schemas', () => {
  it('are the ones core’s types make now (else run `npm run api:answers`)', () => {
    const made = apiAnswersText(apiAnswers(root));
    expect(readFileSync(join(root, API_ANSWERS_FILE), 'utf8') === made, `run npm run api:answers`).toBe(true);
  }, 60_000);

  it('name each field with its type and say which are always there', () => {
    const { answers, schemas } = apiAnswers(root);
    expect(answers['DELETE /api/sessions']).toBeNull();
    expect(answers['GET /api/me']).toEqual({ $ref: '#/components/schemas/SignedInAnswer' });
    expect(schemas['AccountView']).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        username: { type: ['null', 'string'] },
      },
      required: ['id', 'name', 'username'],
    });
    // A field that may be undefined is not always there; a literal union is an enum.
    expect((schemas['GameRecord'] as { required: string[] }).required).not.toContain('result');
    expect(schemas['Health']).toMatchObject({ properties: { status: { const: 'ok' } } });
  }, 60_000);
});
