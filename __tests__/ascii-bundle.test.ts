/**
 * The bundle's last step, which escapes it to ASCII: the code reads the same values after (run in a
 * fresh context, before and after), only where an escape cannot read differently, and a source
 * map with columns stops it rather than going wrong.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { asciiBundle, asciiOnly, mapHolds } from '../scripts/ascii-bundle.js';

const NOT_ASCII = /[\u0080-\uffff]/g;

/** A script whose last expression is the values it reads, as JSON. */
const SCRIPT = [
  '// a comment \u2014 with a dash',
  '/* a block \u2026 \u2603 */',
  "var caf\u00e9 = '\u00e9';",
  'var values = [',
  "  'plain \u00e9',",
  '  "double \u201cquoted\u201d",',
  "  'astral \u{1F600}',",
  "  'already escaped \\\u00e9',",
  "  'continued \\\u2028line',",
  '  `template \u2014 ${caf\u00e9 + `inner \u2603`} end`,',
  '  `${`${"deep \u00e9"}`}`,',
  '  { k\u00e9y: 1 }.k\u00e9y,',
  // Left as written: a tag reads the raw text, and regular expressions keep their own spelling.
  '  String.raw`raw \u00e9`,',
  '  ((strings) => strings.raw[0])`tagged \u2014`,',
  "  /\u00e9+/u.test('\u00e9\u00e9'),",
  "  /[\u{1F600}]/u.test('\u{1F600}'),",
  "  /^[\u{1F600}]$/.test('\\uD83D'),",
  '  caf\u00e9,',
  '];',
  'JSON.stringify(values);',
].join('\n');

describe('asciiOnly', () => {
  it('escapes comments, strings, untagged templates and names, and the code reads the same', () => {
    const result = asciiOnly(SCRIPT, 'script');

    expect(runInNewContext(result.code)).toBe(runInNewContext(SCRIPT));
    // What is left: the tagged templates' é and —, and the regular expressions' é and two
    // surrogate pairs.
    expect(result.code.match(NOT_ASCII)).toEqual([
      '\u00e9',
      '\u2014',
      '\u00e9',
      ...'\u{1F600}\u{1F600}'.split(''),
    ]);
    expect(result.left).toBe(7);
    expect(result.code).toContain('// a comment \\u2014 with a dash');
    expect(result.code).toContain('var caf\\u{e9} = ');
    expect(result.code).toContain("'already escaped \\u00e9'");
    expect(result.code).toContain("'continued line'");
    expect(result.code.split('\n')).toHaveLength(SCRIPT.split('\n').length);
  });

  it('leaves ASCII code as it is, without parsing it', () => {
    const code = 'this is not even JavaScript (';
    expect(asciiOnly(code)).toEqual({ code, edits: [], left: 0 });
  });

  it('reads modules too: import.meta and top-level await', () => {
    const code = "export const a = '\u00e9' + import.meta.url;\nawait 0;\n";
    expect(asciiOnly(code, 'module').code).toBe(
      "export const a = '\\u00e9' + import.meta.url;\nawait 0;\n",
    );
  });
});

describe('mapHolds', () => {
  it('holds for maps of whole lines, whatever the escapes do within them', () => {
    expect(mapHolds('AAAA;AACA;;AACA', new Set([0, 1, 2]))).toBe(true);
  });

  it('fails a map with a segment within an edited line, or starting past its first column', () => {
    expect(mapHolds('AAAA;AACA,KAAK', new Set([1]))).toBe(false);
    expect(mapHolds('AAAA;KACA', new Set([1]))).toBe(false);
    // Lines without an edit may map columns: nothing on them moves.
    expect(mapHolds('AAAA,KAAK;AACA', new Set([1]))).toBe(true);
  });
});

describe('asciiBundle', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('rewrites the files of a bundle, in its folders too, and leaves ASCII files alone', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ascii-bundle-'));
    const sub = path.join(dir, 'post');
    rmSync(sub, { recursive: true, force: true });
    writeFileSync(path.join(dir, 'index.js'), "export const dash = '\u2014';\n");
    writeFileSync(path.join(dir, 'index.js.map'), JSON.stringify({ mappings: 'AAAA' }));
    writeFileSync(path.join(dir, 'plain.cjs'), 'module.exports = 1;\n');
    writeFileSync(path.join(dir, 'notes.md'), '\u2014 not JavaScript\n');

    expect(asciiBundle(dir)).toEqual([]);

    expect(readFileSync(path.join(dir, 'index.js'), 'utf8')).toBe(
      "export const dash = '\\u2014';\n",
    );
    expect(readFileSync(path.join(dir, 'plain.cjs'), 'utf8')).toBe('module.exports = 1;\n');
    expect(readFileSync(path.join(dir, 'notes.md'), 'utf8')).toBe('\u2014 not JavaScript\n');
  });

  it('stops, naming the map, before rewriting a file whose map has columns on an edited line', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ascii-bundle-'));
    const file = path.join(dir, 'index.js');
    const code = "export const dash = '\u2014', after = 1;\n";
    writeFileSync(file, code);
    writeFileSync(`${file}.map`, JSON.stringify({ mappings: 'AAAA,gBAAgB' }));

    expect(() => asciiBundle(dir)).toThrow(`${file}.map maps columns within lines`);
    expect(readFileSync(file, 'utf8')).toBe(code);
  });

  it('notes a file that keeps characters it could not escape', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ascii-bundle-'));
    writeFileSync(path.join(dir, 'index.js'), "export const r = /\u00e9/, s = '\u00e9';\n");

    expect(asciiBundle(dir)).toEqual([
      `${path.join(dir, 'index.js')}: 1 character(s) left as they are (in regular expressions, tagged templates or white space)`,
    ]);
  });
});
