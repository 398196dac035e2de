/**
 * Judges one import against the layers of boundaryRules.ts. Pure: no file system, so a relative
 * specifier resolves lexically (check-boundaries passes the resolved file instead).
 */
import { isBuiltin } from 'node:module';
import { type Allowance, LAYERS, type Layer, TEST_FILES, TEST_MAY } from './boundaryRules.ts';
import { type ImportKind, joinSpecifier } from './importScan.ts';

export interface Verdict {
  readonly allowed: boolean;
  /** The importing file's layer; undefined when no layer owns the file. */
  readonly layer: string | undefined;
  /** Why it was refused (empty when allowed). */
  readonly reason: string;
}

const ROOT_FOLDERS = ['src', 'workers', 'tests', 'bench', 'scripts'];

const globCache = new Map<string, RegExp>();
function glob(pattern: string): RegExp {
  let regex = globCache.get(pattern);
  if (!regex) {
    // `a/**` also matches `a` itself: `src/core/lib/index.ts` is the module `src/core/lib`.
    const body = pattern
      .split('/**')
      .map((piece) =>
        piece
          .split('**')
          .map((part) => part.replace(/[.+^${}()|[\]\\?]/g, '\\$&').replace(/\*/g, '[^/]*'))
          .join('.*'),
      )
      .join('(?:/.*)?');
    regex = new RegExp(`^${body}$`);
    globCache.set(pattern, regex);
  }
  return regex;
}

/** `src/a/b.tsx` → `src/a/b`, `src/a/index.ts` → `src/a`: a module's name whatever its spelling. */
export function moduleName(path: string): string {
  return path.replace(/\.(ts|tsx|js)$/, '').replace(/\/index$/, '');
}

const matchesPath = (path: string, pattern: string) => glob(moduleName(pattern)).test(moduleName(path));

type Target = { readonly path: string } | { readonly package: string };

/** A specifier as a repository path (relative ones resolved from `importer`) or a package name. */
export function targetOf(importer: string, specifier: string): Target {
  const joined = joinSpecifier(importer, specifier);
  if (ROOT_FOLDERS.includes(joined.split('/')[0]!) || joined.startsWith('..') || specifier.startsWith('.')) {
    return { path: joined };
  }
  if (joined.startsWith('node:') || isBuiltin(joined))
    return { package: `node:${joined.replace(/^node:/, '')}` };
  const segments = joined.split('/');
  return { package: joined.startsWith('@') ? segments.slice(0, 2).join('/') : segments[0]! };
}

export function layerOf(file: string): Layer | undefined {
  return LAYERS.find((layer) => layer.files.some((pattern) => matchesPath(file, pattern)));
}

/** The unit a path belongs to: each feature folder is one; otherwise its layer's unit. */
function unitOf(path: string): string | undefined {
  const feature = /^src\/client\/features\/([^/]+)\//.exec(moduleName(path).concat('/'))?.[1];
  if (feature && !feature.includes('.')) return `client/features/${feature}`;
  const layer = layerOf(path);
  return layer && (layer.unit ?? layer.name);
}

function permits(allowance: Allowance, target: Target, kind: ImportKind): boolean {
  if (allowance.kinds && !allowance.kinds.includes(kind)) return false;
  if ('path' in target) return (allowance.paths ?? []).some((pattern) => matchesPath(target.path, pattern));
  return (allowance.packages ?? []).some((pattern) => glob(pattern).test(target.package));
}

/**
 * Whether `file` may import `specifier` (a package, a repository path, or a path relative to
 * `file`) by an import of this kind. Pure: no file system, so relative specifiers resolve lexically.
 */
export function checkImport(file: string, specifier: string, kind: ImportKind): Verdict {
  const layer = layerOf(file);
  if (!layer)
    return { allowed: false, layer: undefined, reason: 'the file is in no layer; add one to LAYERS' };
  const target = targetOf(file, specifier);
  const allowed = (kinds: readonly ImportKind[]) =>
    kinds.some(
      (k) =>
        ('path' in target && unitOf(target.path) === unitOf(file)) ||
        layer.may.some((allowance) => permits(allowance, target, k)),
    );
  if (allowed([kind])) return { allowed: true, layer: layer.name, reason: '' };
  if (TEST_FILES.some((pattern) => matchesPath(file, pattern))) {
    // A test may run by value what its code reaches by type or URL (the bridge's test runs a worker).
    const extra = TEST_MAY.some((allowance) => permits(allowance, target, kind));
    if (extra || allowed(['type', 'url'])) return { allowed: true, layer: layer.name, reason: '' };
  }
  return { allowed: false, layer: layer.name, reason: refusal(layer, target, kind) };
}

function refusal(layer: Layer, target: Target, kind: ImportKind): string {
  const ways = (['type', 'url'] as const).filter((way) => layer.may.some((a) => permits(a, target, way)));
  if (ways.length > 0) {
    const spelled = ways.map((way) => (way === 'type' ? '`import type`' : '`new URL(…, import.meta.url)`'));
    return `${layer.name} may reach it only by ${spelled.join(' or ')}`;
  }
  const feature = 'path' in target && /^src\/client\/features\/[^/]+/.exec(target.path)?.[0];
  if (feature && layer.may.some((allowance) => permits(allowance, { path: feature }, kind))) {
    return `features meet only through index.ts: import from ${feature}/index.ts`;
  }
  if ('package' in target) return `${layer.name} may not import the package ${target.package}`;
  const unitName = (found: Layer | undefined) => found && (found.unit ?? found.name);
  const targetLayer = unitName(layerOf(target.path));
  const some = layer.may
    .flatMap((allowance) => allowance.paths ?? [])
    .filter((pattern) => targetLayer !== undefined && unitName(layerOf(pattern)) === targetLayer);
  if (some.length > 0) return `of ${targetLayer}, ${layer.name} may import only ${some.join(', ')}`;
  return `${layer.name} may not import ${targetLayer ?? target.path} (${layer.name}: ${layer.why})`;
}

/** The rules, one line per layer, for `check-boundaries --rules` and the README. */
export function describeLayers(): string[] {
  const kinds = (allowance: Allowance) => (allowance.kinds ? ` [${allowance.kinds.join('/')} only]` : '');
  return LAYERS.map((layer) => {
    const name = (pattern: string) => (pattern === '**' ? 'any package' : pattern);
    const may = layer.may.map(
      (a) => [...(a.paths ?? []), ...(a.packages ?? [])].map(name).join(', ') + kinds(a),
    );
    return `${layer.name} (${layer.files.join(', ')}): ${layer.why}\n    may import: ${may.join('; ') || 'nothing outside itself'}`;
  });
}
