import type { Db } from '../client.ts';

/*
 * Statements that list and vehicle pages run on every request with new values. Each is built
 * (drizzle's `prepare`) once per database handle, under its name, so neither this process nor
 * the database (which keeps a named statement's plan per connection) builds and plans it again.
 * The name must stand for one SQL text.
 */
const made = new WeakMap<Db, Map<string, unknown>>();

/** The statements `build` makes for `name` on `db`, built on first use and kept. */
export function preparedOnce<T>(db: Db, name: string, build: (name: string) => T): T {
  let named = made.get(db);
  if (!named) made.set(db, (named = new Map()));
  if (!named.has(name)) named.set(name, build(name));
  return named.get(name) as T;
}
