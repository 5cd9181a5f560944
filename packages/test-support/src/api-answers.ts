import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/*
 * The JSON Schemas of the HTTP API's answers, made from core's typed map (`ApiRoutes` in
 * packages/core/src/protocol/api.ts) with the TypeScript checker, so that the OpenAPI document
 * describes each answer from the very types the server and the client compile against. The
 * server serves them from a file made by `npm run api:answers` (packages/server/src/http/
 * api-answers.json); a unit test holds that file to the types.
 */

/** A JSON Schema (2020-12, as OpenAPI 3.1 reads it). */
export type JsonSchema = { readonly [key: string]: unknown };

/** Each operation's answer (none for one that answers nothing), and the named types they use. */
export interface ApiAnswers {
  readonly answers: Readonly<Record<string, JsonSchema | null>>;
  readonly schemas: Readonly<Record<string, JsonSchema>>;
}

/** Where the map lives, from the repository's root. */
export const API_SOURCE = 'packages/core/src/protocol/api.ts';
/** Where the server reads the schemas made from it. */
export const API_ANSWERS_FILE = 'packages/server/src/http/api-answers.json';

/** The types named in the document (interfaces and aliases of our own), the rest written inline. */
function nameOf(type: ts.Type): string | undefined {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (!symbol || type.aliasTypeArguments?.length) return undefined;
  const declaration = symbol.declarations?.[0];
  if (!declaration || declaration.getSourceFile().isDeclarationFile) return undefined;
  if (!ts.isInterfaceDeclaration(declaration) && !ts.isTypeAliasDeclaration(declaration)) return undefined;
  return symbol.getName();
}

/** Reads every answer of `ApiRoutes` from the sources under `root`. */
export function apiAnswers(root: string): ApiAnswers {
  const file = join(root, API_SOURCE);
  const config = ts.readConfigFile(join(root, 'packages/core/tsconfig.json'), (p) => readFileSync(p, 'utf8'));
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, join(root, 'packages/core')).options;
  const program = ts.createProgram([file], { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const map = source?.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'ApiRoutes',
  );
  if (!map) throw new Error(`${API_SOURCE}: no interface ApiRoutes`);
  const schemas: Record<string, JsonSchema> = {};

  const literal = (t: ts.Type): unknown =>
    t.isStringLiteral() || t.isNumberLiteral()
      ? t.value
      : t.flags & ts.TypeFlags.BooleanLiteral
        ? checker.typeToString(t) === 'true'
        : undefined;

  const union = (types: readonly ts.Type[], seen: ReadonlySet<ts.Type>): JsonSchema => {
    let parts = types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const booleans = parts.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const schemasOf: JsonSchema[] = [];
    if (booleans.length === 2) {
      parts = parts.filter((t) => !booleans.includes(t));
      schemasOf.push({ type: 'boolean' });
    }
    const literals: ts.Type[] = parts.filter((t) => t.isStringLiteral() || t.isNumberLiteral());
    if (literals.length > 0) {
      parts = parts.filter((t) => !literals.includes(t));
      schemasOf.push({ enum: literals.map(literal) });
    }
    schemasOf.push(...parts.map((t) => schemaOf(t, seen)));
    if (schemasOf.length === 1) return schemasOf[0] as JsonSchema;
    // Plain types together (`string | null`) are one list of types; the rest a choice.
    const plain = schemasOf.every((x) => Object.keys(x).length === 1 && typeof x['type'] === 'string');
    return plain ? { type: schemasOf.map((x) => x['type'] as string).sort() } : { anyOf: schemasOf };
  };

  const object = (type: ts.Type, seen: ReadonlySet<ts.Type>): JsonSchema => {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      const doc = ts.displayPartsToString(property.getDocumentationComment(checker)).split('\n')[0];
      const type = checker.getTypeOfSymbol(property);
      const schema = schemaOf(type, seen);
      // A property that may hold undefined is left out of the JSON: it is not always there.
      const absent = type.isUnion() && type.types.some((t) => t.flags & ts.TypeFlags.Undefined);
      properties[property.getName()] = doc && !('$ref' in schema) ? { ...schema, description: doc } : schema;
      if (!(property.flags & ts.SymbolFlags.Optional) && !absent && declaration) required.push(property.getName());
    }
    const index = checker.getIndexInfosOfType(type)[0];
    return {
      type: 'object',
      ...(Object.keys(properties).length ? { properties } : {}),
      ...(required.length ? { required } : {}),
      ...(index ? { additionalProperties: schemaOf(index.type, seen) } : {}),
    };
  };

  function schemaOf(type: ts.Type, seen: ReadonlySet<ts.Type>): JsonSchema {
    const name = nameOf(type);
    if (name !== undefined && !seen.has(type)) {
      if (!(name in schemas)) {
        schemas[name] = {};
        schemas[name] = inline(type, new Set([...seen, type]));
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    return inline(type, seen);
  }

  function inline(type: ts.Type, seen: ReadonlySet<ts.Type>): JsonSchema {
    const f = type.flags;
    if (f & ts.TypeFlags.String) return { type: 'string' };
    if (f & ts.TypeFlags.Number) return { type: 'number' };
    if (f & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (f & ts.TypeFlags.Null) return { type: 'null' };
    if (f & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return {};
    if (type.isStringLiteral() || type.isNumberLiteral() || f & ts.TypeFlags.BooleanLiteral)
      return { const: literal(type) };
    if (type.isUnion()) return union(type.types, seen);
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => schemaOf(t, seen));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (checker.isArrayType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: item ? schemaOf(item, seen) : {} };
    }
    if (f & ts.TypeFlags.Object || type.isIntersection()) return object(type, seen);
    throw new Error(`${API_SOURCE}: no schema for ${checker.typeToString(type)}`);
  }

  const answers: Record<string, JsonSchema | null> = {};
  for (const member of map.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const route = (member.name as ts.StringLiteral).text;
    const answer = checker.getPropertyOfType(checker.getTypeAtLocation(member.type), 'answer');
    if (!answer) throw new Error(`${API_SOURCE}: ${route} has no answer`);
    const type = checker.getTypeOfSymbol(answer);
    answers[route] = type.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined) ? null : schemaOf(type, new Set());
  }
  // The body of every refusal, which the document names for each error status.
  const error = source?.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === 'ApiErrorAnswer');
  if (!error) throw new Error(`${API_SOURCE}: no interface ApiErrorAnswer`);
  schemaOf(checker.getTypeAtLocation(error), new Set());
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return { answers, schemas: sorted };
}

/** The answers' file as `npm run api:answers` writes it. */
export const apiAnswersText = (answers: ApiAnswers): string => `${JSON.stringify(answers, null, 2)}\n`;
