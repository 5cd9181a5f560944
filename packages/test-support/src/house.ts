/*
 * The house rule, measured (issue 44): no source file over 400 lines, no function over 150, and no
 * more than 15 sources loose at the server's root. Tests, browser tests and the store contract
 * suites aside. house.unit.test.ts holds the repository to it; this is the measuring, apart so that
 * its own test can feed it made-up sources.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The most lines a source file may have. */
export const MAX_FILE_LINES = 400;
/** The most lines a function may span, its nested functions included. */
export const MAX_FUNCTION_LINES = 150;

/** Whether a path (relative to the repository) is a source the rule counts. */
export function counted(path: string): boolean {
  return (
    /\.tsx?$/.test(path) &&
    !/\.test\.tsx?$/.test(path) &&
    !path.endsWith('.d.ts') &&
    !/(^|\/)(e2e|contract|dist|node_modules)\//.test(path)
  );
}

/** Every counted source under `dir`, relative to `root`. */
export function sourcesUnder(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return ['dist', 'node_modules', 'c'].includes(e.name) ? [] : sourcesUnder(root, path);
    return counted(path) ? [path] : [];
  });
}

/** A function's name as a reader would look for it: `RaceScreen`, `RaceMaster.claim`, `(arrow at 12)`. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const own = (n: ts.Node): string | undefined => {
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isFunctionExpression(n)) && n.name)
      return n.name.getText(source);
    if (ts.isConstructorDeclaration(n)) return 'constructor';
    if (ts.isGetAccessor(n) || ts.isSetAccessor(n)) return n.name.getText(source);
    const parent = n.parent;
    if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
      return parent.name.getText(source);
    return undefined;
  };
  let name = own(node);
  // A source file's parent is undefined, whatever the types say.
  const holder = node.parent.parent as ts.Node | undefined;
  if (name !== undefined && ts.isClassLike(node.parent) && node.parent.name) name = `${node.parent.name.text}.${name}`;
  else if (name !== undefined && holder && ts.isClassLike(holder) && holder.name) name = `${holder.name.text}.${name}`;
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  return name ?? `(function at line ${line})`;
}

/** Each function of a source over `max` lines: its name and its length. */
export function longFunctions(path: string, text: string, max = MAX_FUNCTION_LINES): [string, number][] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: [string, number][] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > max) found.push([nameOf(node, source), end - start + 1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What breaks the rule in the repository at `root`: files and functions too long, with their sizes. */
export interface Breaches {
  /** `path` -> lines. */
  readonly files: Record<string, number>;
  /** `path: name` -> lines. */
  readonly functions: Record<string, number>;
}

/** Measures every counted source of `dirs` (relative to `root`). */
export function measure(root: string, dirs: readonly string[]): Breaches {
  const files: Record<string, number> = {};
  const functions: Record<string, number> = {};
  for (const path of dirs.flatMap((d) => sourcesUnder(root, d)).sort()) {
    const text = readFileSync(join(root, path), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) files[path] = lines;
    for (const [name, length] of longFunctions(path, text)) functions[`${path}: ${name}`] = length;
  }
  return { files, functions };
}

/** The counted sources directly in `dir` (not in its folders). */
export function looseSources(root: string, dir: string): string[] {
  return sourcesUnder(root, dir).filter((p) => relative(dir, p).split(/[\\/]/).length === 1);
}
