/**
 * The Landlock sandbox through the bundled action: the shell's writes outside the workspace, temp
 * space and caches fail as permission errors the model reads while the run goes on; `network: off`
 * keeps the shell off loopback while the model is still reached; `required` where Landlock is
 * missing stops before any request; realistic work (npm, a Python venv and pip, Go, git) still
 * works under `auto`. The runner's files live outside /tmp, which the sandbox leaves writable. Runs
 * on dist/: `npm run bundle` first after changes.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { useBundleRuns } from '../__fixtures__/bundle-runs.js';
import {
  commands,
  final,
  toolResults,
  type MessageJson,
  type RequestBody,
} from '../__fixtures__/messages.js';
import { runBundle } from '../__fixtures__/runner.js';
import { escapeInline } from '../src/report/markdown.js';
import { TEST_ABI_VARIABLE } from '../src/sandbox/helper.js';

const KEY = 'sk-ant-api03-sandbox-e2e-key-0000000000000000000';
/** Outside /tmp: the home directory and the runner's files must not be writable to the shell. */
const BASE = '/var/tmp';
const runs = useBundleRuns();

interface Layout {
  workspace: string;
  home: string;
  fileCommands: string;
  other: string;
}

/**
 * Runs the bundle with the runner's layout under BASE: a home directory, the file-command files in
 * RUNNER_TEMP, another checkout. `replies` may name the layout's paths; `prepare` fills it first.
 */
async function runAction(
  replies: (layout: Layout) => MessageJson[],
  inputs: Record<string, string>,
  {
    prepare,
    env: extra = {},
  }: { prepare?: (layout: Layout) => void; env?: Record<string, string> } = {},
) {
  const runner = runs.runner(
    { 'anthropic-api-key': KEY, 'max-turns': '6', 'time-limit': '2m', ...inputs },
    {},
    BASE,
  );
  const root = runner.root;
  const layout: Layout = {
    workspace: runner.workspace,
    home: path.join(root, 'home'),
    fileCommands: path.join(runner.env.RUNNER_TEMP!, '_runner_file_commands'),
    other: path.join(root, 'other-checkout'),
  };
  for (const dir of [layout.home, layout.fileCommands, layout.other]) {
    mkdirSync(dir, { recursive: true });
  }
  writeFileSync(path.join(layout.home, '.bashrc'), '# runner\n');
  writeFileSync(path.join(layout.fileCommands, 'set_env_1'), '');
  writeFileSync(path.join(layout.other, 'README.md'), 'other\n');
  prepare?.(layout);
  const server = await runs.messages(replies(layout));
  const env = {
    ...runner.env,
    HOME: layout.home,
    GITHUB_ENV: path.join(layout.fileCommands, 'set_env_1'),
    ANTHROPIC_BASE_URL: server.url,
    ...extra,
  };
  const run = await runBundle(env, runner.workspace, { timeoutMs: 120_000 });
  return { run, layout, requests: server.requests, seen: resultsSeen(server.requests) };
}

/** Every tool result the model got, joined. */
function resultsSeen(requests: readonly { body: RequestBody }[]): string {
  return requests
    .flatMap((request) => toolResults(request.body).map((result) => result.content))
    .join('\n');
}

/** An npm project with no dependencies: `npm ci` needs no network. */
function writeTinyProject(workspace: string): void {
  const manifest = { name: 'tiny', version: '1.0.0', scripts: { test: 'node test.js' } };
  writeFileSync(path.join(workspace, 'package.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(workspace, 'package-lock.json'),
    JSON.stringify({
      name: 'tiny',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: { '': { name: 'tiny', version: '1.0.0' } },
    }),
  );
  writeFileSync(path.join(workspace, 'test.js'), "console.log('tiny tests pass');\n");
}

/** A Go module with no dependencies and one test: `go test` builds it offline. */
function writeTinyGoModule(workspace: string): void {
  const dir = path.join(workspace, 'gomod');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'go.mod'), 'module example.com/tiny\n\ngo 1.19\n');
  writeFileSync(
    path.join(dir, 'tiny.go'),
    'package tiny\n\nfunc Double(n int) int { return 2 * n }\n',
  );
  writeFileSync(
    path.join(dir, 'tiny_test.go'),
    [
      'package tiny',
      '',
      'import "testing"',
      '',
      'func TestDouble(t *testing.T) {',
      '\tif Double(21) != 42 {',
      '\t\tt.Fatal("Double(21) != 42")',
      '\t}',
      '}',
      '',
    ].join('\n'),
  );
}

/**
 * A pure-Python package laid out as a wheel's contents: zipped, pip installs it offline with no
 * build backend, which a venv need not have.
 */
function writeTinyWheelContents(workspace: string): void {
  const dir = path.join(workspace, 'pywheel');
  const info = path.join(dir, 'tinypkg-1.0.dist-info');
  mkdirSync(path.join(dir, 'tinypkg'), { recursive: true });
  mkdirSync(info);
  writeFileSync(path.join(dir, 'tinypkg', '__init__.py'), "GREETING = 'tinypkg imported'\n");
  writeFileSync(
    path.join(info, 'METADATA'),
    'Metadata-Version: 2.1\nName: tinypkg\nVersion: 1.0\n',
  );
  writeFileSync(
    path.join(info, 'WHEEL'),
    'Wheel-Version: 1.0\nGenerator: e2e\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
  );
  const files = [
    'tinypkg/__init__.py',
    ...['METADATA', 'WHEEL', 'RECORD'].map((f) => `tinypkg-1.0.dist-info/${f}`),
  ];
  writeFileSync(path.join(info, 'RECORD'), files.map((file) => `${file},,\n`).join(''));
}

describe('the bundled action under sandbox', () => {
  it('under `*` with sandbox required: refused writes are permission errors the model reads, the run goes on', async () => {
    const optFile = `/opt/sandbox-e2e-${process.pid}`;
    const { run, layout, seen } = await runAction(
      ({ other }) => [
        commands(
          'echo "export X=1" >> ~/.bashrc; echo "bashrc $?"',
          'echo "EVIL=1" >> "$RUNNER_TEMP/_runner_file_commands/set_env_1"; echo "env-file $?"',
          `echo x > ${other}/README.md; echo "other $?"`,
          `echo x > ${optFile}; echo "opt $?"`,
          'echo ok > made.txt && echo x > /tmp/e2e-sandbox-$$ && rm /tmp/e2e-sandbox-$$ && echo ok > ~/.npm/probe && echo "allowed $?"',
        ),
        final('done'),
      ],
      { task: 'Try writing', 'allowed-commands': '*', sandbox: 'required' },
    );
    const { home, fileCommands, other, workspace } = layout;
    try {
      expect(run.code).toBe(0);
      for (const refused of ['bashrc 1', 'env-file 1', 'other 1', 'opt 1']) {
        expect(seen).toContain(refused);
      }
      expect(seen.match(/Permission denied/g)?.length).toBe(4);
      expect(seen).toContain('allowed 0');
      expect(readFileSync(path.join(home, '.bashrc'), 'utf8')).toBe('# runner\n');
      expect(readFileSync(path.join(fileCommands, 'set_env_1'), 'utf8')).toBe('');
      expect(readFileSync(path.join(other, 'README.md'), 'utf8')).toBe('other\n');
      expect(existsSync(optFile)).toBe(false);
      expect(readFileSync(path.join(workspace, 'made.txt'), 'utf8')).toBe('ok\n');
      expect(readFileSync(path.join(home, '.npm', 'probe'), 'utf8')).toBe('ok\n');
      expect(run.outputs.conclusion).toBe('success');
      expect(run.outputs.sandbox).toMatch(/^landlock-abi-\d+ \(writes\)$/);
      expect(run.summary).toContain(`| sandbox | ${escapeInline(run.outputs.sandbox!)} |`);
      expect(run.summary).toContain(
        `| Exec | ${escapeInline('not confined: the allowlist is `*`')} |`,
      );
      expect(run.summary).toContain('| Network | open \\(network: on\\) |');
      expect(run.stdout).toContain(`Sandbox: ${run.outputs.sandbox}.`);
    } finally {
      rmSync(optFile, { force: true });
    }
  });

  it('under the read-only default: exec confinement held, and said so', async () => {
    const { run, seen } = await runAction(
      () => [commands('ls', 'git status'), final('done')],
      { task: 'Look', sandbox: 'required' },
      { prepare: ({ workspace }) => execFileSync('git', ['init', '-q'], { cwd: workspace }) },
    );
    expect(run.code).toBe(0);
    expect(run.outputs.sandbox).toMatch(/^landlock-abi-\d+ \(writes, exec\)$/);
    expect(run.summary).toMatch(/\| Exec \| only bash and the allowlist's \d+ other files \|/);
    expect(run.summary).toContain(`| sandbox | ${escapeInline(run.outputs.sandbox!)} |`);
    expect(seen).toContain('No commits yet');
  });

  it('with network off: the shell cannot reach a loopback port, the model still is', async () => {
    let connections = 0;
    const listener = createServer((socket) => {
      connections += 1;
      socket.end('hello\n');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as { port: number }).port;
    try {
      const { run, requests, seen } = await runAction(
        () => [
          commands(`{ exec 3<>/dev/tcp/127.0.0.1/${port} && head -1 <&3; } 2>&1; echo "tcp $?"`),
          final('done'),
        ],
        { task: 'Connect', 'allowed-commands': '*', sandbox: 'required', network: 'off' },
      );
      expect(run.code).toBe(0);
      expect(requests).toHaveLength(2);
      expect(seen).toContain('Permission denied');
      expect(seen).toContain('tcp 1');
      expect(connections).toBe(0);
      expect(run.outputs.sandbox).toMatch(/^landlock-abi-\d+ \(writes, network off\)$/);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });

  it('with sandbox required where Landlock is missing: stops before any request, saying why', async () => {
    const { run, requests } = await runAction(
      () => [final('never')],
      { task: 'Anything', sandbox: 'required' },
      { env: { [TEST_ABI_VARIABLE]: '0' } },
    );
    expect(run.code).toBe(1);
    expect(requests).toHaveLength(0);
    expect(run.stdout).toContain(
      "Input 'sandbox' is 'required', but the shell cannot be confined here: unavailable: --max-abi 0",
    );
    expect(run.outputs.conclusion).toBe('error');
  });

  it('with sandbox auto where Landlock is missing: runs unconfined, and says so', async () => {
    const { run, seen, layout } = await runAction(
      () => [commands('echo x >> ~/.bashrc; echo "bashrc $?"'), final('done')],
      { task: 'Anything', 'allowed-commands': '*' },
      { env: { [TEST_ABI_VARIABLE]: '0' } },
    );
    expect(run.code).toBe(0);
    expect(seen).toContain('bashrc 0');
    // Written, and put back by the guard at the end (not the sandbox's doing).
    expect(readFileSync(path.join(layout.home, '.bashrc'), 'utf8')).toBe('# runner\n');
    expect(run.outputs.sandbox).toBe('none');
    expect(run.stdout).toContain(
      '::warning::Sandbox: none, the shell is not confined (unavailable: --max-abi 0)',
    );
    expect(run.summary).toContain(
      `| sandbox | ${escapeInline('none: unavailable: --max-abi 0')} |`,
    );
  });

  it('under auto, realistic work still works: npm ci and npm test, a Python venv and pip install, go test, git', async () => {
    const { run, requests, layout } = await runAction(
      () => [
        commands(
          'npm ci --no-audit --no-fund --offline && npm test',
          'python3 -m venv .venv && .venv/bin/python -c "import sys; print(sys.prefix.endswith(\'.venv\'))"',
          '(cd pywheel && ../.venv/bin/python -m zipfile -c ../tinypkg-1.0-py3-none-any.whl tinypkg tinypkg-1.0.dist-info) && .venv/bin/pip install --no-index ./tinypkg-1.0-py3-none-any.whl && .venv/bin/python -c "import tinypkg; print(tinypkg.GREETING)"',
          '(cd gomod && go test ./...)',
          'git init -q && git add package.json test.js && git -c user.name=A -c user.email=a@example.com commit -qm one && git checkout -qb topic && git log --oneline | wc -l',
        ),
        final('done'),
      ],
      { task: 'Build', 'allowed-commands': '*' },
      {
        prepare: ({ workspace }) => {
          writeTinyProject(workspace);
          writeTinyWheelContents(workspace);
          writeTinyGoModule(workspace);
        },
        // Nothing may be fetched: the module has no dependencies and the machine's Go builds it.
        env: { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' },
      },
    );
    expect(run.code).toBe(0);
    expect(run.outputs.sandbox).toMatch(/^landlock-abi-\d+ \(writes\)$/);
    const results = toolResults(requests[1]!.body).map((result) => result.content);
    expect(results[0]).toContain('tiny tests pass');
    expect(results[1]).toContain('True');
    expect(results[2]).toContain('Successfully installed tinypkg-1.0');
    expect(results[2]).toContain('tinypkg imported');
    expect(results[3]).toMatch(/^ok\s+example\.com\/tiny\s/m);
    expect(results[4]).toContain('1');
    // Go and git say "permission denied", bash and Python "Permission denied".
    expect(results.join('\n')).not.toMatch(/permission denied/i);
    // Go kept its build cache where the sandbox lets it write, under the home directory.
    expect(existsSync(path.join(layout.home, '.cache', 'go-build'))).toBe(true);
  });
});
