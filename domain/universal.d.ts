/**
 * The web platform APIs every runtime of the domain has (Workers, browsers, Node), which
 * TypeScript ships only inside its DOM library. The domain project leaves DOM out so no
 * rule can reach for `window` or `document`; these few are declared here instead.
 */
declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][] | URLSearchParams);
  append(name: string, value: string): void;
  delete(name: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callback: (value: string, key: string) => void): void;
  keys(): IterableIterator<string>;
  entries(): IterableIterator<[string, string]>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
  readonly size: number;
}

declare class URL {
  constructor(url: string, base?: string | URL);
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  pathname: string;
  password: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toString(): string;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}

/**
 * The one Node module the domain uses, present in Node and in the Workers runtime with
 * `nodejs_compat`: a synchronous hash for fingerprints (rules/fingerprint.ts). Never in the
 * browser's bundle: only publishing and the worker fingerprint.
 */
declare module 'node:crypto' {
  interface Hash {
    update(data: string): Hash;
    digest(encoding: 'base64url' | 'hex'): string;
  }
  export function createHash(algorithm: 'sha256'): Hash;
}
