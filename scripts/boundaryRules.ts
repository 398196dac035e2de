/** One rule of DESIGN.md section 1: who may import what. */
interface BoundaryRule {
  readonly name: string;
  /** Does the rule apply to this importing file? */
  readonly from: (file: string) => boolean;
  /** Is this import target forbidden for such a file? */
  readonly forbids: (target: string, typeOnly: boolean) => boolean;
}

const under = (prefix: string) => (path: string) => path === prefix || path.startsWith(`${prefix}/`);
const isPackage =
  (...names: string[]) =>
  (target: string) =>
    names.some((name) => target === name || target.startsWith(`${name}/`));

const PIXI = isPackage('pixi.js', '@pixi/react', '@pixi');
const SQL_DRIVERS = isPackage('kysely', 'kysely-pglite', 'pg', '@electric-sql/pglite');
const CALENDAR_LIBS = isPackage('date-fns', 'd3-time', 'd3-scale');

export const BOUNDARY_RULES: readonly BoundaryRule[] = [
  {
    name: 'src/core is framework-free: no client, server, worker, React or browser-only packages',
    from: under('src/core'),
    forbids: (target) =>
      under('src/client')(target) ||
      under('src/server')(target) ||
      under('workers')(target) ||
      isPackage('react', 'react-dom', 'jotai', '@apollo/client', 'fastify', 'mercurius')(target) ||
      PIXI(target) ||
      SQL_DRIVERS(target),
  },
  {
    name: 'date-fns, d3-time and d3-scale only in src/core/time',
    from: (file) => !under('src/core/time')(file),
    forbids: (target) => CALENDAR_LIBS(target),
  },
  {
    name: 'the client never imports server code',
    from: under('src/client'),
    forbids: (target) => under('src/server')(target),
  },
  {
    name: 'the server never imports client or worker code',
    from: under('src/server'),
    forbids: (target) => under('src/client')(target) || under('workers')(target),
  },
  {
    name: 'workers are thin: only src/core and comlink',
    from: under('workers'),
    forbids: (target) => under('src/client')(target) || under('src/server')(target),
  },
  {
    name: 'PixiJS only under src/client/canvas',
    from: (file) => !under('src/client/canvas')(file),
    forbids: (target) => PIXI(target),
  },
  {
    name: 'jotai only under src/client/state',
    from: (file) => !under('src/client/state')(file),
    forbids: (target) => isPackage('jotai')(target),
  },
  {
    name: 'Apollo only under src/client/data',
    from: (file) => !under('src/client/data')(file),
    forbids: (target) => isPackage('@apollo/client')(target),
  },
  {
    name: 'SQL only under src/server/db (other server code may import Kysely types)',
    from: (file) => !under('src/server/db')(file),
    forbids: (target, typeOnly) => SQL_DRIVERS(target) && !typeOnly,
  },
];

export function findBoundaryViolations(file: string, target: string, typeOnly: boolean): string[] {
  const normalizedTarget = target.replace(/\.(ts|tsx)$/, '');
  return BOUNDARY_RULES.filter((rule) => rule.from(file) && rule.forbids(normalizedTarget, typeOnly)).map(
    (rule) => rule.name,
  );
}
