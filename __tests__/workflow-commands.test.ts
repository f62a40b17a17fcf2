/**
 * The action's workflow commands against `@actions/core`, which they replace: the same calls on
 * the same inputs, tricky and random, write the same bytes to stdout (in the same writes, which the
 * log buffer relies on), the same bytes to the file-command files and the summary, throw the same
 * errors and set the same exit code. Both draw their heredoc delimiters from one scripted
 * `randomUUID`, so the files compare byte for byte and a value holding the next delimiter can be
 * built.
 */
import { afterAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import * as realCrypto from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Random } from '../__fixtures__/fuzz/random.js';

/** The delimiters' uuids, handed out in order to whichever implementation asks next. */
const scriptedUuids: string[] = [];
const randomUUID = (): string => scriptedUuids.shift() ?? realCrypto.randomUUID();
// Ours imports `node:crypto`; @actions/core imports `crypto`.
for (const name of ['node:crypto', 'crypto']) {
  jest.unstable_mockModule(name, () => ({ ...realCrypto, randomUUID }));
}
const ours = await import('../src/run/workflow-commands.js');
const core = await import('@actions/core');

/** One call, as both implementations spell it. */
type Call =
  | { kind: 'info' | 'debug' | 'setSecret' | 'setFailed' | 'startGroup'; text: string }
  | { kind: 'endGroup' }
  | { kind: 'warning'; text: string; title?: string | undefined }
  | { kind: 'setOutput' | 'saveState'; name: string; value: string }
  | { kind: 'getInput'; name: string }
  | { kind: 'summary'; markdown: string };

interface Implementation {
  name: string;
  call(call: Call): unknown;
}

/** The calls both implementations share, each spelled as the action calls it. */
type Shared = Pick<
  typeof ours,
  | 'info'
  | 'debug'
  | 'setSecret'
  | 'setFailed'
  | 'startGroup'
  | 'endGroup'
  | 'warning'
  | 'setOutput'
  | 'saveState'
  | 'getInput'
>;

/** An implementation of `Call`s: the shared calls through `api`, the summary through `summary`. */
function implementation(
  name: string,
  api: Shared,
  summary: (markdown: string) => unknown,
): Implementation {
  return {
    name,
    call(call) {
      switch (call.kind) {
        case 'info':
        case 'debug':
        case 'setSecret':
        case 'setFailed':
        case 'startGroup':
          return api[call.kind](call.text);
        case 'endGroup':
          return api.endGroup();
        case 'warning':
          return 'title' in call
            ? api.warning(call.text, { title: call.title })
            : api.warning(call.text);
        case 'setOutput':
        case 'saveState':
          return api[call.kind](call.name, call.value);
        case 'getInput':
          return api.getInput(call.name);
        case 'summary':
          return summary(call.markdown);
      }
    },
  };
}

/**
 * `@actions/core`'s summary is one object per process that remembers the first file it wrote to
 * (and keeps a failed write's text for the next); the action writes through it once per process. A
 * fresh one for each call stands for that.
 */
function freshSummary(): typeof core.summary {
  const fresh: unknown = Object.assign(
    Object.create(Object.getPrototypeOf(core.summary) as object),
    {
      _buffer: '',
    },
  );
  return fresh as typeof core.summary;
}

const OURS = implementation('ours', ours, (markdown) => ours.appendSummary(markdown));
const CORE = implementation('@actions/core', core, (markdown) =>
  freshSummary().addRaw(markdown, true).write(),
);

const root = mkdtempSync(path.join(tmpdir(), 'workflow-commands-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The file-command files, fresh and empty for each run. */
const FILES = {
  GITHUB_OUTPUT: path.join(root, 'output'),
  GITHUB_STATE: path.join(root, 'state'),
  GITHUB_STEP_SUMMARY: path.join(root, 'summary'),
};

interface Effects {
  /** Each write to stdout, as written. */
  writes: string[];
  /** What each call returned, or the message it threw. */
  results: Array<{ returned: unknown } | { threw: string }>;
  files: Record<string, string | null>;
  exitCode: typeof process.exitCode;
}

/**
 * Runs `calls` through `implementation` with `env` over the runner's variables (undefined unsets
 * one), the files fresh, the delimiters' uuids `uuids`, stdout captured; process.exitCode and the
 * environment are put back after.
 */
async function effectsOf(
  implementation: Implementation,
  calls: readonly Call[],
  env: Record<string, string | undefined>,
  uuids: readonly string[],
): Promise<Effects> {
  for (const file of Object.values(FILES)) writeFileSync(file, '');
  scriptedUuids.splice(0, scriptedUuids.length, ...uuids);
  const saved = { ...process.env };
  Object.assign(process.env, FILES);
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  const writes: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: unknown) => {
    writes.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  const results: Effects['results'] = [];
  let written: typeof process.exitCode;
  try {
    for (const call of calls) {
      try {
        results.push({ returned: await implementation.call(call) });
      } catch (error) {
        results.push({ threw: (error as Error).message });
      }
    }
  } finally {
    process.stdout.write = write;
    written = process.exitCode;
    process.exitCode = exitCode;
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
  // core's summary returns itself; what matters is that both returned, not what.
  const returned = results.map((result) =>
    'returned' in result && typeof result.returned === 'object' ? { returned: undefined } : result,
  );
  const files = Object.fromEntries(
    Object.entries(FILES).map(([name, file]) => [
      name,
      existsSync(file) ? readFileSync(file, 'utf8') : null,
    ]),
  );
  return { writes, results: returned, files, exitCode: written };
}

/** Asserts that both implementations have the same effects, and returns ours. */
async function expectSame(
  calls: readonly Call[],
  env: Record<string, string | undefined> = {},
  uuids: readonly string[] = calls.map(() => realCrypto.randomUUID()),
): Promise<Effects> {
  const theirs = await effectsOf(CORE, calls, env, uuids);
  const mine = await effectsOf(OURS, calls, env, uuids);
  expect(mine).toEqual(theirs);
  return mine;
}

/** Text that exercises the escapes, the heredoc and the line breaks the runner splits on. */
const TRICKY = [
  '',
  'plain',
  '100% done',
  '%25 already escaped %0A',
  'line one\nline two',
  'crlf\r\nand a lone \r',
  '::warning::inside',
  'key=value, other: thing',
  'a:b,c::d',
  '##[error]legacy',
  'ghadelimiter_ not quite',
  'NEL\u0085 LS\u2028 PS\u2029',
  'é, 日本語, 🧪 and 𝄞',
  '  padded  ',
  'trailing newline\n',
  '\n',
  '%',
];

const PIECES = [...TRICKY, ' ', '\t', ':', ',', '=', '<<', '%', '\r', '\n', '"', "'", '\\', 'x'];

function randomText(random: Random): string {
  let text = '';
  for (let count = random.below(6); count > 0; count -= 1) text += random.pick(PIECES);
  return text;
}

function randomCall(random: Random): Call {
  const kind = random.pick([
    'info',
    'debug',
    'setSecret',
    'setFailed',
    'startGroup',
    'endGroup',
    'warning',
    'warning-titled',
    'setOutput',
    'saveState',
    'summary',
  ] as const);
  switch (kind) {
    case 'endGroup':
      return { kind };
    case 'warning-titled':
      return { kind: 'warning', text: randomText(random), title: randomText(random) };
    case 'setOutput':
    case 'saveState':
      return { kind, name: randomText(random) || 'name', value: randomText(random) };
    case 'summary':
      return { kind, markdown: randomText(random) };
    default:
      return { kind, text: randomText(random) };
  }
}

beforeEach(() => {
  scriptedUuids.length = 0;
});

describe('log lines and commands on stdout', () => {
  it.each(TRICKY.map((text) => [JSON.stringify(text), text]))(
    'are the same for %s',
    async (_shown, text) => {
      const { writes } = await expectSame([
        { kind: 'info', text },
        { kind: 'debug', text },
        { kind: 'warning', text },
        { kind: 'warning', text, title: text },
        { kind: 'setSecret', text },
        { kind: 'startGroup', text },
        { kind: 'endGroup' },
      ]);
      // One write per call, whatever the text.
      expect(writes).toHaveLength(7);
    },
  );

  it('escape a title as a property: also `:` and `,`, which would end it', async () => {
    const { writes } = await expectSame([
      { kind: 'warning', text: 'body: 1, 2', title: 'Stopped: at a limit, 100%\n' },
    ]);
    expect(writes).toEqual(['::warning title=Stopped%3A at a limit%2C 100%25%0A::body: 1, 2\n']);
  });

  it('put the space after the name for an empty or absent title, as core does', async () => {
    const { writes } = await expectSame([
      { kind: 'warning', text: 'w', title: '' },
      { kind: 'warning', text: 'w', title: undefined },
      { kind: 'warning', text: 'w' },
    ]);
    expect(writes).toEqual(['::warning ::w\n', '::warning ::w\n', '::warning::w\n']);
  });

  it('fail the step with exit code 1 and an error command', async () => {
    const { writes, exitCode } = await expectSame([{ kind: 'setFailed', text: 'it broke:\n%' }]);
    expect(exitCode).toBe(1);
    expect(writes).toEqual(['::error::it broke:%0A%25\n']);
  });
});

describe('inputs', () => {
  it.each([
    ['task', { INPUT_TASK: '  do it \n' }],
    ['anthropic-api-key', { 'INPUT_ANTHROPIC-API-KEY': 'sk' }],
    ['Mixed Case name', { INPUT_MIXED_CASE_NAME: '\tvalue\t' }],
    ['absent', { INPUT_ABSENT: undefined }],
    ['empty', { INPUT_EMPTY: '' }],
    ['multi line', { INPUT_MULTI_LINE: ' a\n b \r\n' }],
  ])('read %s the same way', async (name, env) => {
    const { results } = await expectSame([{ kind: 'getInput', name }], env);
    const value = Object.values(env)[0];
    expect(results).toEqual([{ returned: (value ?? '').trim() }]);
  });
});

describe('outputs and state in the file-command files', () => {
  it.each(['setOutput', 'saveState'] as const)(
    '%s writes the same heredoc blocks for values of many lines and tricky names',
    async (kind) => {
      const calls: Call[] = TRICKY.map((value, index) => ({
        kind,
        name: index % 2 ? `name-${index}` : `${TRICKY[index]}x`,
        value,
      }));
      const { files, writes } = await expectSame(calls);
      const variable = kind === 'setOutput' ? 'GITHUB_OUTPUT' : 'GITHUB_STATE';
      expect(files[variable]).toMatch(/^name-1<<ghadelimiter_[0-9a-f-]{36}\nplain\nghadelimiter_/m);
      expect(writes).toEqual([]);
    },
  );

  it('refuse a value or a name that holds the delimiter, with the same error', async () => {
    const uuid = realCrypto.randomUUID();
    const { results, files } = await expectSame(
      [
        { kind: 'setOutput', name: 'result', value: `before\nghadelimiter_${uuid}\nafter` },
        { kind: 'saveState', name: `run<<ghadelimiter_${uuid}`, value: 'v' },
      ],
      {},
      [uuid, uuid],
    );
    expect(results).toEqual([
      {
        threw: `Unexpected input: value should not contain the delimiter "ghadelimiter_${uuid}"`,
      },
      { threw: `Unexpected input: name should not contain the delimiter "ghadelimiter_${uuid}"` },
    ]);
    expect(files.GITHUB_OUTPUT).toBe('');
    expect(files.GITHUB_STATE).toBe('');
  });

  it('throw the same error for a file-command file that does not exist', async () => {
    const missing = path.join(root, 'gone', 'file');
    const { results } = await expectSame(
      [
        { kind: 'setOutput', name: 'a', value: 'b' },
        { kind: 'saveState', name: 'a', value: 'b' },
      ],
      { GITHUB_OUTPUT: missing, GITHUB_STATE: missing },
    );
    expect(results).toEqual([
      { threw: `Missing file at path: ${missing}` },
      { threw: `Missing file at path: ${missing}` },
    ]);
  });

  it('fall back to the old set-output and save-state commands where the variable is unset', async () => {
    const { writes } = await expectSame(
      [
        { kind: 'setOutput', name: 'a:b', value: 'one\ntwo%' },
        { kind: 'saveState', name: 's,t', value: 'v' },
      ],
      { GITHUB_OUTPUT: undefined, GITHUB_STATE: '' },
    );
    expect(writes).toEqual([
      '\n',
      '::set-output name=a%3Ab::one%0Atwo%25\n',
      '::save-state name=s%2Ct::v\n',
    ]);
  });
});

describe('the job summary', () => {
  it('is appended with a line end, the file keeping what was there', async () => {
    const calls: Call[] = TRICKY.map((markdown) => ({ kind: 'summary', markdown }));
    const { files } = await expectSame(calls);
    expect(files.GITHUB_STEP_SUMMARY).toBe(TRICKY.map((text) => `${text}\n`).join(''));
  });

  it('throws the same error naming the variable when it is unset', async () => {
    const { results } = await expectSame([{ kind: 'summary', markdown: 'x' }], {
      GITHUB_STEP_SUMMARY: undefined,
    });
    expect(results).toEqual([
      {
        threw:
          'Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.',
      },
    ]);
  });

  it('throws the same error for a file it cannot open', async () => {
    const missing = path.join(root, 'gone', 'summary.md');
    const { results } = await expectSame([{ kind: 'summary', markdown: 'x' }], {
      GITHUB_STEP_SUMMARY: missing,
    });
    expect(results).toEqual([
      {
        threw: `Unable to access summary file: '${missing}'. Check if the file has correct read/write permissions.`,
      },
    ]);
  });
});

describe('random sequences of calls', () => {
  // Fixed seeds, so a difference found is found again.
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('have the same effects (seed %i)', async (seed) => {
    const random = new Random(seed);
    const calls = Array.from({ length: 60 }, () => randomCall(random));
    const { writes } = await expectSame(calls);
    expect(writes.length).toBeGreaterThan(0);
  });
});
