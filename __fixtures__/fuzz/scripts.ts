import { Random } from './random.js';

/*
 * Multi-line scripts built from the constructs the model writes around its commands: arrays (indexed
 * and associative), arithmetic, heredocs, functions, process substitution, declarations and quoting
 * around expansions. Every script is harmless and deterministic, writes only under out/ in the
 * directory it runs in, and calls only programs and functions the developer profile of
 * __fixtures__/policy/scripts.json allows, so each one reaches the equivalence check.
 */

export interface GeneratedScript {
  readonly id: string;
  readonly family: string;
  readonly script: string;
}

const NAMES = ['alpha', 'beta', 'count', 'item', 'total', 'path_part', 'msg', 'val'];
const WORDS = ['one', 'two words', 'x y z', 'plain', 'with-dash', 'a.b', 'dots...', 'tab\there'];
/** Function names the developer profile allows, as a call of a function is matched by its name. */
const FUNCTIONS = ['log', 'helper', 'say', 'greet', 'upper'];
const OPERATORS = ['+', '-', '*', '%'];

/** A word as a script writes it: bare when it is safe, else in one of bash's quotes. */
function quoted(random: Random, word: string): string {
  if (/^[A-Za-z0-9._-]+$/.test(word) && random.chance(0.5)) return word;
  if (word.includes('\t')) return `$'${word.replace('\t', '\\t')}'`;
  return random.chance(0.5) ? `'${word}'` : `"${word}"`;
}

/** A double-quoted string with an expansion at a random place, often after a space. */
function aroundExpansion(random: Random, expansion: string): string {
  const before = random.pick(['', ' ', 'value: ', '[', 'a b ']);
  const after = random.pick(['', ' ', ' end', ']', '/x']);
  return `"${before}${expansion}${after}"`;
}

type Construct = (random: Random, name: string) => string[];

const CONSTRUCTS: Readonly<Record<string, Construct>> = {
  array: (random, name) => {
    const items = [random.pick(WORDS), random.pick(WORDS), random.pick(WORDS)];
    return [
      `${name}=(${items.map((w) => quoted(random, w)).join(' ')})`,
      `${name}+=(${quoted(random, random.pick(WORDS))})`,
      `echo ${aroundExpansion(random, `\${${name}[*]}`)}`,
      // A negative subscript is refused today (read as arithmetic): kept rare.
      `echo "count \${#${name}[@]} last \${${name}[${random.chance(0.15) ? -1 : 3}]}"`,
      `for e in "\${${name}[@]}"; do printf '<%s>\\n' "$e"; done`,
    ];
  },
  assoc: (random, name) => {
    const keys = ['k1', 'k2', 'key three'].slice(0, 1 + random.below(3));
    const pairs = keys.map(
      (k, i) => `[${quoted(random, k)}]=${quoted(random, random.pick(WORDS))}${i}`,
    );
    // Reading an element by its key is refused (the policy cannot tell a key from arithmetic), so
    // most scripts only count and list the values.
    const lines = [`declare -A ${name}=(${pairs.join(' ')})`, `echo "\${#${name}[@]} entries"`];
    lines.push(`printf '%s\\n' "\${${name}[@]}" | sort`);
    if (random.chance(0.15)) lines.push(`echo "\${${name}[k1]}"`);
    return lines;
  },
  arithmetic: (random, name) => {
    const a = 1 + random.below(40);
    const b = 1 + random.below(9);
    const op = random.pick(OPERATORS);
    // A variable's value in arithmetic is itself arithmetic: a negative number, hex, an expression.
    const value = random.pick([`${a}`, `-${a}`, `0x${a.toString(16)}`, `${a}${op}${b}`]);
    const lines = [`${name}=${quoted(random, value)}`, `echo $(( ${name} ${op} ${b} ))`];
    lines.push(`${name}=$(( ${a} ${op} ${b} ))`);
    // Arithmetic that assigns, and bash's base prefix, are refused today: kept rare.
    if (random.chance(0.15)) lines.push(`(( ${name}++ ))`);
    if (random.chance(0.15)) lines.push(`((${name} += ${b}))`);
    if (random.chance(0.1)) lines.push(`n=0${1 + random.below(8)}`, `echo $(( 10#$n * 2 ))`);
    if (random.chance(0.15))
      lines.push(`for ((i=0; i<${1 + random.below(3)}; i++)); do echo "i=$i"; done`);
    lines.push(`echo ${aroundExpansion(random, `$((${name}*2))`)}`);
    return lines;
  },
  heredoc: (random, name) => {
    const quote = random.chance(0.5);
    const dash = random.chance(0.3);
    const indent = dash ? '\t' : '';
    const body = [
      ...(random.chance(0.4) ? [''] : []),
      `${indent}${name}: ${quote ? '$HOME stays' : `\${${name}:-unset}`}`,
      `${indent}${random.chance(0.5) ? '\tkept tab' : 'second line'}`,
      ...(random.chance(0.3) ? [''] : []),
    ];
    return [
      'mkdir -p out',
      `${name}=${quoted(random, random.pick(WORDS))}`,
      `cat ${random.chance(0.3) ? '>>' : '>'} out/${name}.txt <<${dash ? '-' : ''}${quote ? "'EOF'" : 'EOF'}`,
      ...body,
      `${indent}EOF`,
      `cat -A out/${name}.txt`,
    ];
  },
  function: (random, name) => {
    const fn = random.pick(FUNCTIONS);
    return [
      `${fn}() {`,
      `  local ${name}=${quoted(random, random.pick(WORDS))}`,
      `  echo ${aroundExpansion(random, '$*')} ${aroundExpansion(random, `\${${name}}`)}`,
      '  return 0',
      '}',
      `${fn} ${quoted(random, random.pick(WORDS))} ${quoted(random, random.pick(WORDS))}`,
    ];
  },
  processSubstitution: (random, name) => {
    const words = [random.pick(WORDS), random.pick(WORDS)].map((w) => quoted(random, w));
    return [
      `${name}=0`,
      'while IFS= read -r line; do',
      `  ${name}=$((${name} + 1))`,
      '  echo "line ${line}"',
      `done < <(printf '%s\\n' ${words.join(' ')})`,
      `echo "read \${${name}}"`,
    ];
  },
  declarations: (random, name) => {
    const lines = [
      `${name}=${quoted(random, random.pick(WORDS))} other_${name}=${random.below(100)}`,
    ];
    lines.push(random.pick([`echo "$other_${name}"`, `declare -p ${name} other_${name}`]));
    if (random.chance(0.5)) lines.push(`declare -i num_${name}=${random.below(50)}`);
    if (random.chance(0.5)) lines.push(`declare -r const_${name}=${quoted(random, 'fixed')}`);
    if (random.chance(0.5))
      lines.push(`export exported_${name}=${quoted(random, random.pick(WORDS))}`);
    return lines;
  },
  quoting: (random, name) => [
    `${name}=${quoted(random, random.pick(WORDS))}`,
    `echo ${aroundExpansion(random, `\${${name}}`)}`,
    `echo ${aroundExpansion(random, `$${name}`)}'${random.pick(['lit', ' spaced', '$x'])}'`,
    `echo "\${${name}:-default}" '\${${name}}' "\${#${name}}"`,
    `echo "\${${name}// /_}" "\${${name}^^}"`,
  ],
};

const FAMILIES = Object.keys(CONSTRUCTS);

/** `count` distinct scripts from `seed`, each of two to four constructs. */
export function generateScripts(seed: number, count: number): GeneratedScript[] {
  const random = new Random(seed);
  const seen = new Set<string>();
  const scripts: GeneratedScript[] = [];
  for (let attempt = 0; scripts.length < count && attempt < count * 20; attempt++) {
    const families = Array.from({ length: 2 + random.below(3) }, () => random.pick(FAMILIES));
    const lines = families.flatMap((family) =>
      (CONSTRUCTS[family] as Construct)(random, random.pick(NAMES)),
    );
    const script = lines.join('\n') + '\n';
    if (seen.has(script)) continue;
    seen.add(script);
    scripts.push({
      id: `generated-${String(scripts.length).padStart(3, '0')}`,
      family: families.join('+'),
      script,
    });
  }
  return scripts;
}
