/** Quoting of literal text for the printed script. */

/** Text bash reads as exactly itself, as one shell word. */
export function quoteLiteral(text: string): string {
  let out = '';
  let quoted = '';
  const flush = (): void => {
    if (quoted !== '') out += `'${quoted}'`;
    quoted = '';
  };
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (c === "'") {
      flush();
      out += "\\'";
    } else if ((code < 0x20 && c !== '\n' && c !== '\t') || code === 0x7f) {
      // Control characters are spelled out, so the printed script holds none of them.
      flush();
      out += `$'\\x${code.toString(16).padStart(2, '0')}'`;
    } else {
      quoted += c;
    }
  }
  flush();
  return out === '' ? "''" : out;
}
