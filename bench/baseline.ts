/**
 * Bench baselines: each bench's table, committed as bench/baselines/<name>.md, so that a run shows
 * its difference from the last baseline.
 *
 *   compareWithBaseline('layout', { header, rows, keyColumns: 2 });
 *
 * after the bench has printed its own table. When bench/baselines/<name>.md exists, it prints the
 * difference of every measured cell from the baseline's (rows matched by their key columns); with
 * `--write-baseline` on the command line, it then writes this run's table there, with the command,
 * the date, the commit and a summary of the machine. Benches declare the flag to parseArgs by
 * spreading BASELINE_OPTIONS into their options.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism, cpus, loadavg, platform, totalmem } from 'node:os';
import { relative, resolve } from 'node:path';

export const BASELINES_DIR = resolve(import.meta.dirname, 'baselines');
const REPO_ROOT = resolve(import.meta.dirname, '..');
const FLAG = '--write-baseline';

/** For a bench's parseArgs options: accepts --write-baseline. */
export const BASELINE_OPTIONS = { 'write-baseline': { type: 'boolean' } } as const;

/** A bench's table as it prints it: one string per cell. */
export interface BenchTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** How many leading columns name a row (1 by default); the cells after them are measurements. */
  readonly keyColumns?: number;
}

/** What a baseline file holds besides its table. */
interface BaselineFile {
  readonly table: BenchTable;
  /** Its "- Key: value" lines. */
  readonly meta: Readonly<Record<string, string>>;
}

/**
 * Escapes what Markdown would read as markup (and Biome's formatter rewrite: `*a*` → `_a_`,
 * `__a__` → `**a**`), so that a written baseline reads back as it was written and passes `biome ci`.
 * A cell's leading spaces (an indented sub-row) go: Biome trims them, and rows match by trimmed keys.
 */
const escapeMarkdown = (text: string) =>
  text
    .trim()
    .replace(/[\\`*_|]/g, '\\$&')
    .replaceAll('\n', ' ');
/** For the terminal: only the pipes that would split a cell. */
const escapePipes = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * A GitHub-flavoured Markdown table, key columns aligned left and measurements right, laid out as
 * Biome formats Markdown. `escaping`: every Markdown character (for a file) or only pipes (to print).
 */
export function markdownTable(table: BenchTable, escaping: 'markdown' | 'pipes' = 'pipes'): string {
  const keys = table.keyColumns ?? 1;
  const escaped = escaping === 'markdown' ? escapeMarkdown : escapePipes;
  const header = table.header.map(escaped);
  const rows = table.rows.map((row) => table.header.map((_, c) => escaped(row[c] ?? '')));
  const widths = header.map((title, c) => Math.max(3, title.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, c) => (c < keys ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  const rule = line(widths.map((w, c) => (c < keys ? `:${'-'.repeat(w - 1)}` : `${'-'.repeat(w - 1)}:`)));
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The cells of a Markdown table row, with backslash escapes undone. */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  const text = line.trim();
  for (let i = text.startsWith('|') ? 1 : 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '\\' && i + 1 < text.length) {
      i += 1;
      cell += text[i];
    } else if (char === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += char;
    }
  }
  if (cell.trim() !== '') cells.push(cell.trim());
  return cells;
}

/** Reads the first table and the "- Key: value" lines of a baseline file written by writeBaseline. */
export function parseBaseline(text: string): BaselineFile | null {
  const lines = text.split('\n');
  const meta: Record<string, string> = {};
  for (const line of lines) {
    const match = /^- ([A-Za-z ]+): (.*)$/.exec(line);
    if (match) {
      const value = match[2]!;
      meta[match[1]!] = value.startsWith('`')
        ? value.replace(/^`(.*)`$/, '$1')
        : value.replace(/\\(.)/g, '$1');
    }
  }
  const start = lines.findIndex((line) => line.startsWith('|'));
  if (start === -1 || !lines[start + 1]?.startsWith('|')) return null;
  const rule = splitRow(lines[start + 1]!);
  const keyColumns = Math.max(1, rule.filter((cell) => cell.startsWith(':')).length);
  const body: string[][] = [];
  for (let i = start + 2; i < lines.length && lines[i]!.startsWith('|'); i += 1)
    body.push(splitRow(lines[i]!));
  return { table: { header: splitRow(lines[start]!), rows: body, keyColumns }, meta };
}

/** The numbers in a cell, in order ("1,234.5 / 6 ms" → [1234.5, 6]), with their decimals. */
function numbersOf(cell: string): { value: number; decimals: number }[] {
  return [...cell.replace(/(\d),(\d{3})/g, '$1$2').matchAll(/-?\d+(?:\.(\d+))?/g)].map((match) => ({
    value: Number(match[0]),
    decimals: match[1]?.length ?? 0,
  }));
}

const signed = (value: number, decimals: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(decimals)}`;

/**
 * A cell's difference from the baseline's: "+0.012 (+3.1%)" per number, "=" when they are the same,
 * "was …" when the cells do not hold the same count of numbers.
 */
export function cellDifference(now: string, before: string): string {
  if (now === before) return '=';
  const current = numbersOf(now);
  const previous = numbersOf(before);
  if (current.length === 0 || current.length !== previous.length) return `was ${before || '(empty)'}`;
  return current
    .map(({ value, decimals }, i) => {
      const base = previous[i]!;
      const delta = value - base.value;
      if (delta === 0) return '=';
      const digits = Math.max(decimals, base.decimals);
      if (base.value === 0) return signed(delta, digits);
      const percent = Math.round((delta / Math.abs(base.value)) * 1000) / 10;
      return `${signed(delta, digits)} (${signed(percent, Math.abs(percent) < 10 ? 1 : 0)}%)`;
    })
    .join(' / ');
}

/** Keys of rows: their key cells, numbered when several rows share them. */
function rowKeys(table: BenchTable, normalise: (key: string) => string): string[] {
  const keys = table.keyColumns ?? 1;
  const seen = new Map<string, number>();
  return table.rows.map((row) => {
    const key = normalise(
      row
        .slice(0, keys)
        .map((cell) => cell.trim())
        .join(' | '),
    );
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return `${key}#${count}`;
  });
}

/** The difference table: this run's rows, each measurement as its difference from the baseline's. */
export function differenceTable(
  now: BenchTable,
  before: BenchTable,
): { table: BenchTable; unmatched: number } {
  const keys = now.keyColumns ?? 1;
  const exact = (key: string) => key;
  // A key that differs only in the numbers within its parentheses ("page only (48 runs)") still finds
  // its row; numbers outside them (sizes) must match.
  const loose = (key: string) => key.replace(/\([^()]*\)/g, (inner) => inner.replace(/\d[\d,.]*/g, '#'));
  const findIn = (normalise: (key: string) => string) => {
    const index = new Map(rowKeys(before, normalise).map((key, i) => [key, before.rows[i]!]));
    const mine = rowKeys(now, normalise);
    return (i: number) => index.get(mine[i]!);
  };
  const byExact = findIn(exact);
  const byLoose = findIn(loose);
  const column = new Map(before.header.map((title, c) => [title, c]));
  const used = new Set<readonly string[]>();
  const rows = now.rows.map((row, i) => {
    const old = byExact(i) ?? byLoose(i);
    if (old) used.add(old);
    return now.header.map((title, c) => {
      if (c < keys) return row[c] ?? '';
      const at = column.get(title);
      if (!old || at === undefined) return 'new';
      return cellDifference(row[c] ?? '', old[at] ?? '');
    });
  });
  return { table: { header: now.header, rows, keyColumns: keys }, unmatched: before.rows.length - used.size };
}

function run(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** The command that ran this bench, as one would type it again (without --write-baseline). */
function commandLine(): string {
  const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);
  const script = relative(REPO_ROOT, process.argv[1] ?? '?');
  const args = process.argv.slice(2).filter((arg) => arg !== FLAG);
  return ['node', ...process.execArgv, script, ...args].map(quote).join(' ');
}

function machine(): string {
  const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const memory = Math.round(totalmem() / 2 ** 30);
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `${cpu}, ${availableParallelism()} cores, ${memory} GiB, ${platform()} ${arch()}; load average ${load}`;
}

function commit(): string {
  const head = run('git', ['rev-parse', '--short', 'HEAD']);
  if (!head) return 'unknown';
  const dirty = run('git', ['status', '--porcelain', '--untracked-files=no']);
  return dirty ? `${head}, with uncommitted changes` : head;
}

/** Writes bench/baselines/<name>.md; returns its path. */
export function writeBaseline(name: string, table: BenchTable, notes: readonly string[] = []): string {
  const file = resolve(BASELINES_DIR, `${name}.md`);
  const lines = [
    `# Baseline: ${name}`,
    '',
    `- Command: \`${commandLine()}\``,
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Commit: ${escapeMarkdown(commit())}`,
    `- Machine: ${escapeMarkdown(machine())}`,
    `- Node: ${process.version}`,
    '',
    'Written by the command above with `--write-baseline`; every run of the bench prints its difference',
    'from this table. See bench/README.md.',
    '',
    markdownTable(table, 'markdown'),
    ...notes.flatMap((note) => ['', escapeMarkdown(note)]),
    '',
  ];
  mkdirSync(BASELINES_DIR, { recursive: true });
  writeFileSync(file, lines.join('\n'));
  return file;
}

/**
 * Prints this run's difference from bench/baselines/<name>.md when it exists, then, with
 * --write-baseline, writes this run's table as the new baseline (with `notes` under it).
 */
export function compareWithBaseline(name: string, table: BenchTable, notes: readonly string[] = []): void {
  const file = resolve(BASELINES_DIR, `${name}.md`);
  const shown = relative(REPO_ROOT, file);
  const baseline = existsSync(file) ? parseBaseline(readFileSync(file, 'utf8')) : null;
  if (baseline) {
    const { meta } = baseline;
    const { table: difference, unmatched } = differenceTable(table, baseline.table);
    console.log(`\nvs baseline ${shown} (${meta.Date ?? '?'}, commit ${meta.Commit ?? '?'}):`);
    console.log(`  its command: ${meta.Command ?? '?'}`);
    if (meta.Node !== undefined && meta.Node !== process.version)
      console.log(`  note: the baseline ran on Node ${meta.Node}, this run on ${process.version}`);
    const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim();
    if (meta.Machine !== undefined && cpu && !meta.Machine.startsWith(cpu))
      console.log(`  note: the baseline ran on another machine: ${meta.Machine}`);
    console.log(markdownTable(difference));
    if (unmatched > 0) console.log(`  (${unmatched} baseline rows not measured in this run)`);
  } else if (existsSync(file)) {
    console.log(`\n${shown} holds no table: not compared.`);
  } else {
    console.log(`\nNo baseline ${shown} yet: run again with ${FLAG} to write one.`);
  }
  if (process.argv.includes(FLAG))
    console.log(`\nwrote baseline ${relative(REPO_ROOT, writeBaseline(name, table, notes))}`);
}
