/**
 * A command word as the program tables key it, before aliases: its last path segment, without the
 * version an interpreter's name carries. Its own module because the sandbox reads the table of what
 * programs execute (executes-table.ts) before the first request, without loading the specs.
 */

/** Interpreters installed under versioned names (`python3.12`, `pip3`), which name one program. */
const VERSIONED = /^(python|pypy|perl|ruby|php|lua|luajit|node|pip|tclsh|wish)[0-9]+(?:\.[0-9]+)*$/;

/** `/usr/bin/python3.12` → `python`, `./gawk` → `gawk` (the alias is resolved by the tables). */
export function unaliasedName(word: string): string {
  const base = word.slice(word.lastIndexOf('/') + 1);
  return VERSIONED.exec(base)?.[1] ?? base;
}
