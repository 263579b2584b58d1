// The emulator's router: hono's trie router, with its answers for the last paths it was asked
// remembered. A trie search walks the path's segments, gathers the handler sets of every middleware and
// route that matches, sorts them and builds the parameter objects: on a health check or a nonce read it
// was a tenth of what the server allocated per request (docs/benchmarks.md, Per-request cost). Clients
// ask the same few paths over and over, and a match depends on the method and the path alone, so the
// answer for a path is the answer it had the last time.
//
// A remembered answer is shared by the requests that ask for it. hono reads a match and never writes
// it: its own RegExpRouter hands every request for a static path the same arrays.
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/**
 * Paths remembered at once: more than the distinct paths of a test suite's hot loop. The one remembered
 * first is forgotten first: a hit reorders nothing (moving a Map entry on every request cost a rehash now
 * and then, which outlived its request), and a path forgotten too soon costs one trie search.
 */
export const REMEMBERED_PATHS = 512;

export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter(TrieRouter)';
  readonly #trie = new TrieRouter<T>();
  readonly #answers = new Map<string, Result<T>>();

  constructor(readonly limit = REMEMBERED_PATHS) {}

  add(method: string, path: string, handler: T): void {
    // A route added after requests were answered can change their answers.
    this.#answers.clear();
    this.#trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const known = this.#answers.get(key);
    if (known !== undefined) return known;
    const found = this.#trie.match(method, path);
    if (this.#answers.size >= this.limit) this.#answers.delete(this.#answers.keys().next().value as string);
    this.#answers.set(key, found);
    return found;
  }
}
