/**
 * Finds the imports of a TypeScript source file and resolves them to repository paths. Parsing
 * goes through the TypeScript compiler, not a regular expression, so imports written inside strings,
 * template literals or comments are not mistaken for real ones.
 */
import { existsSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import ts from 'typescript';

/**
 * How a module is reached: `value` loads it at run time (a plain, mixed or dynamic import, a
 * re-export, `require`); `type` is erased by the compiler (`import type`, `export type`,
 * `typeof import('x')`); `url` names it in `new URL('…', import.meta.url)`, as a worker entry does.
 */
export type ImportKind = 'value' | 'type' | 'url';

export interface FoundImport {
  readonly specifier: string;
  readonly kind: ImportKind;
  /** 1-based line of the specifier, for messages. */
  readonly line: number;
}

/** Extensions a relative specifier may leave out, tried in this order (as Vite and tsx do). */
const CODE_EXTENSIONS = ['.ts', '.tsx', '.js'];

/**
 * Every import of one file. Under `verbatimModuleSyntax` only `import type`/`export type` are
 * erased: `import { type A } from 'x'` still loads 'x', so it counts as a value import.
 */
export function findImports(fileName: string, text: string): FoundImport[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const found: FoundImport[] = [];
  const add = (literal: ts.StringLiteralLike, kind: ImportKind) => {
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    found.push({ specifier: literal.text, kind, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier, node.importClause?.isTypeOnly ? 'type' : 'value');
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier, node.isTypeOnly ? 'type' : 'value');
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteralLike(expression)) add(expression, node.isTypeOnly ? 'type' : 'value');
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteralLike(argument.literal))
        add(argument.literal, 'type');
    } else if (ts.isCallExpression(node)) {
      const literal = node.arguments[0];
      if (literal && ts.isStringLiteralLike(literal) && loadsModule(node)) add(literal, 'value');
    } else if (ts.isNewExpression(node) && isModuleUrl(node)) {
      add(node.arguments![0] as ts.StringLiteralLike, 'url');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.js')) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** `import('x')`, `require('x')` and `createRequire(…)('x')`. */
function loadsModule(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
  if (ts.isIdentifier(callee)) return callee.text === 'require';
  return (
    ts.isCallExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'createRequire'
  );
}

/** `new URL('./x.ts', import.meta.url)` naming a code module (not a fixture or an asset). */
function isModuleUrl(node: ts.NewExpression): boolean {
  const [literal, base] = node.arguments ?? [];
  return (
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'URL' &&
    literal !== undefined &&
    ts.isStringLiteralLike(literal) &&
    literal.text.startsWith('.') &&
    CODE_EXTENSIONS.some((extension) => literal.text.endsWith(extension)) &&
    base !== undefined &&
    ts.isPropertyAccessExpression(base) &&
    ts.isMetaProperty(base.expression) &&
    base.name.text === 'url'
  );
}

/**
 * Resolves a relative specifier to the file it loads, as Vite and tsx do: the path as written, the
 * `.ts`/`.tsx` source of a `.js` spelling, the path plus a code extension, then `index` inside a
 * folder. Undefined for a bare specifier or when nothing exists (the typechecker reports those).
 */
export function resolveOnDisk(root: string, importer: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const path = joinSpecifier(importer, specifier);
  const jsSource = path.endsWith('.js') ? [`${path.slice(0, -3)}.ts`, `${path.slice(0, -3)}.tsx`] : [];
  const candidates = [
    path,
    ...jsSource,
    ...CODE_EXTENSIONS.map((extension) => `${path}${extension}`),
    ...CODE_EXTENSIONS.map((extension) => `${path}/index${extension}`),
  ];
  return candidates.find((candidate) => {
    const onDisk = `${root}/${candidate}`;
    return existsSync(onDisk) && statSync(onDisk).isFile();
  });
}

/** Drops a bundler query such as `?worker`, `?url` or `?raw`. */
export function withoutQuery(specifier: string): string {
  const query = specifier.indexOf('?');
  return query === -1 ? specifier : specifier.slice(0, query);
}

/**
 * The repository path a relative specifier names, lexically: `../core/x.ts` from `src/client/a.ts`
 * is `src/core/x.ts`. Bare specifiers (packages, `node:*`) come back unchanged, without their query.
 */
export function joinSpecifier(importer: string, specifier: string): string {
  const bare = withoutQuery(specifier);
  if (!bare.startsWith('.')) return bare;
  return posix.normalize(posix.join(posix.dirname(importer), bare));
}
