/**
 * The WHATWG URL API, as far as src/core uses it. Browsers, workers and Node all provide it, but its
 * types come from the DOM library or from @types/node, and core compiles against the ES library alone
 * (src/core/tsconfig.json). This file is part of core's project only: the client, workers, server and
 * tests see the full declarations of their own runtime, so keep this a subset of the standard.
 */

declare class URL {
  constructor(url: string);
  readonly href: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

declare class URLSearchParams implements Iterable<[string, string]> {
  constructor(init?: string | readonly (readonly [string, string])[]);
  append(name: string, value: string): void;
  delete(name: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  set(name: string, value: string): void;
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
