/*
 * Brace expansion as bash does it, over the parts of a word: `{a,b}` and `{x..y[..step]}` made of
 * unquoted characters, before any other expansion. The policy expands braces itself and prints each
 * resulting word on its own, so bash never expands braces in what it runs.
 */
import type { Part } from './word-types.js';

/** Most words one brace expansion may produce before the policy gives up on it. */
const MAX_BRACE_WORDS = 4096;

/**
 * Bash's brace expansion over the parts of a word: `{a,b}` and `{x..y[..step]}` made of unquoted
 * characters. Returns the parts of each resulting word, or undefined when the expansion is one the
 * policy does not reproduce exactly (or would make too many words).
 */
export function expandBraces(parts: readonly Part[]): Part[][] | undefined {
  const out: Part[][] = [];
  const work = (atoms: readonly Part[]): boolean => {
    if (out.length > MAX_BRACE_WORDS) return false;
    const brace = findBrace(atoms);
    if (brace === 'unsupported') return false;
    if (!brace) {
      out.push([...atoms]);
      return true;
    }
    const before = atoms.slice(0, brace.open);
    const after = atoms.slice(brace.close + 1);
    for (const alternative of brace.alternatives) {
      if (!work([...before, ...alternative, ...after])) return false;
    }
    return true;
  };
  return work(parts) ? out : undefined;
}

const isChar = (p: Part | undefined, c: string): boolean =>
  p !== undefined && p.kind === 'literal' && p.unquoted && p.value === c;

interface Brace {
  readonly open: number;
  readonly close: number;
  readonly alternatives: Part[][];
}

/** The first `{…}` that bash expands, or undefined; 'unsupported' for a sequence not reproduced. */
function findBrace(atoms: readonly Part[]): Brace | undefined | 'unsupported' {
  for (let open = 0; open < atoms.length; open++) {
    if (!isChar(atoms[open], '{')) continue;
    let depth = 0;
    const commas: number[] = [];
    let close = -1;
    for (let i = open + 1; i < atoms.length; i++) {
      if (isChar(atoms[i], '{')) depth++;
      else if (isChar(atoms[i], '}')) {
        if (depth === 0) {
          close = i;
          break;
        }
        depth--;
      } else if (depth === 0 && isChar(atoms[i], ',')) commas.push(i);
    }
    if (close < 0) continue;
    if (commas.length > 0) {
      const alternatives: Part[][] = [];
      let from = open + 1;
      for (const comma of [...commas, close]) {
        alternatives.push(atoms.slice(from, comma));
        from = comma + 1;
      }
      return { open, close, alternatives };
    }
    const inner = atoms.slice(open + 1, close);
    if (inner.every((p) => p.kind === 'literal' && p.unquoted)) {
      const text = inner.map((p) => (p.kind === 'literal' ? p.value : '')).join('');
      if (text.includes('..')) {
        const sequence = braceSequence(text);
        if (sequence === 'unsupported') return 'unsupported';
        if (sequence) {
          return {
            open,
            close,
            alternatives: sequence.map((v) => [
              { kind: 'literal', value: v, unquoted: false, ansiC: false },
            ]),
          };
        }
      }
    }
  }
  return undefined;
}

/** The words of `{x..y[..step]}`, undefined when bash leaves it as text, 'unsupported' when unsure. */
function braceSequence(text: string): string[] | undefined | 'unsupported' {
  const numbers = /^(-?[0-9]+)\.\.(-?[0-9]+)(?:\.\.(-?[0-9]+))?$/.exec(text);
  if (numbers) {
    const [, a, b, s] = numbers as unknown as [string, string, string, string | undefined];
    const from = Number(a);
    const to = Number(b);
    const step = Math.abs(Number(s ?? '1')) || 1;
    const padded = /^-?0[0-9]/.test(a) || /^-?0[0-9]/.test(b);
    if (padded && (from < 0 || to < 0)) return 'unsupported';
    const width = padded ? Math.max(a.length, b.length) : 0;
    if (Math.abs(to - from) / step > MAX_BRACE_WORDS) return 'unsupported';
    const words: string[] = [];
    for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step) {
      words.push(String(v).padStart(width, '0'));
    }
    return words;
  }
  const letters = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?[0-9]+))?$/.exec(text);
  if (letters) {
    const [, a, b, s] = letters as unknown as [string, string, string, string | undefined];
    // Between cases bash walks through the punctuation of ASCII; not worth reproducing.
    if (a < 'a' !== b < 'a') return 'unsupported';
    const from = a.charCodeAt(0);
    const to = b.charCodeAt(0);
    const step = Math.abs(Number(s ?? '1')) || 1;
    const words: string[] = [];
    for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step) {
      words.push(String.fromCharCode(v));
    }
    return words;
  }
  return undefined;
}
