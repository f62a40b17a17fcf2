/**
 * The transcript as a workflow artifact, through the bundled action on Node 24 and the real
 * `@actions/artifact` client, against a fake of the runner's results service and blob store on
 * loopback that accepts only what the real client sends: the artifact's bytes are unzipped and
 * compared with the transcript file, and a run with no service, or a service that fails, goes on.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startArtifactService } from '../__fixtures__/artifact-service.js';
import { useBundleRuns } from '../__fixtures__/bundle-runs.js';
import { commands, final } from '../__fixtures__/messages.js';

const KEY = 'sk-ant-api03-artifact-test-key-000000000000000000';
const runs = useBundleRuns();

/** A run of one command and a final message, with the runner's variables `extra`. */
async function run(extra: Record<string, string>, inputs: Record<string, string> = {}) {
  const { run: result } = await runs.scripted(
    [commands('cat notes.txt'), final('Read them.')],
    { 'anthropic-api-key': KEY, task: 'Read the notes', ...inputs },
    {
      env: { GITHUB_RUN_ID: '9001', GITHUB_RUN_ATTEMPT: '2', GITHUB_JOB: 'agent', ...extra },
      prepare: ({ workspace }) => writeFileSync(path.join(workspace, 'notes.txt'), 'the notes\n'),
      run: { timeoutMs: 60_000 },
    },
  );
  return result;
}

/** The entries of a zip and the bytes of one of them, as `unzip` reads them. */
function unzipped(zip: Buffer, entry: string): { names: string[]; bytes: Buffer } {
  const file = path.join(runs.directory('artifact-'), 'artifact.zip');
  writeFileSync(file, zip);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  return { names, bytes: execFileSync('unzip', ['-p', file, entry]) };
}

describe('upload-transcript', () => {
  it('uploads the transcript file whole, names it after the run and attempt, and links it', async () => {
    const service = runs.track(await startArtifactService());
    const result = await run({
      GITHUB_SERVER_URL: 'https://github.localhost',
      ACTIONS_RESULTS_URL: service.resultsUrl,
      ACTIONS_RUNTIME_TOKEN: service.runtimeToken,
    });

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(service.requests).toEqual([
      'POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact',
      expect.stringMatching(/^PUT \/devstoreaccount1\/.*\.zip\?comp=block$/),
      expect.stringMatching(/^PUT \/devstoreaccount1\/.*\.zip\?comp=blocklist$/),
      'POST /twirp/github.actions.results.api.v1.ArtifactService/FinalizeArtifact',
    ]);
    const [artifact] = service.artifacts;
    expect(service.artifacts).toHaveLength(1);
    expect(artifact!.finalized).toBe(true);
    expect(artifact!.name).toMatch(/^bash-agent-transcript-9001-attempt2-agent-[0-9a-f]{6}$/);
    expect(artifact!.mimeType).toBe('application/zip');

    const file = result.outputs['transcript-file']!;
    const { names, bytes } = unzipped(artifact!.content, path.basename(file));
    expect(names).toEqual(['transcript.jsonl']);
    expect(bytes.equals(readFileSync(file))).toBe(true);
    expect(bytes.toString('utf8')).toContain('the notes');

    const url = `https://github.localhost/octo/repo/actions/runs/9001/artifacts/${artifact!.id}`;
    expect(Number(artifact!.id)).toBeGreaterThan(2 ** 32);
    expect(result.outputs['transcript-artifact']).toBe(url);
    expect(result.summary).toContain(`[Transcript](${url})`);
    // The client's own lines are folded into a group; one line outside it says where it went.
    const group = /^::group::Uploading the transcript\n([\s\S]*?)^::endgroup::$/m.exec(
      result.stdout,
    );
    expect(group?.[1]).toContain('Finalizing artifact upload');
    expect(result.stdout).toContain(
      `Transcript uploaded as the artifact ${artifact!.name}: ${url}`,
    );
  });

  it('goes on without an artifact service and says where the file is', async () => {
    const result = await run({ GITHUB_SERVER_URL: 'https://github.com' });

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    expect(result.outputs['transcript-artifact']).toBe('');
    const file = result.outputs['transcript-file']!;
    expect(result.summary).toContain(
      `Transcript: \`${file}\` on the runner (not uploaded: no artifact service here`,
    );
    expect(result.stdout).not.toMatch(/^::warning::/m);
  });

  it('asks no artifact service on a server the client does not serve (GHES), in one line', async () => {
    const service = runs.track(await startArtifactService());
    const result = await run({
      GITHUB_SERVER_URL: 'https://ghe.example.com',
      ACTIONS_RESULTS_URL: service.resultsUrl,
      ACTIONS_RUNTIME_TOKEN: service.runtimeToken,
    });

    expect(result.code).toBe(0);
    expect(service.requests).toEqual([]);
    expect(result.outputs['transcript-artifact']).toBe('');
    expect(result.summary).toContain('not uploaded: ghe\\.example\\.com has no artifact service');
    expect(result.stdout).not.toContain('Artifact upload failed');
  });

  it('warns once when the service refuses the upload, and the run keeps its conclusion', async () => {
    const service = runs.track(await startArtifactService({ failWith: 400 }));
    const result = await run({
      GITHUB_SERVER_URL: 'https://github.localhost',
      ACTIONS_RESULTS_URL: service.resultsUrl,
      ACTIONS_RUNTIME_TOKEN: service.runtimeToken,
    });

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    expect(result.outputs['transcript-artifact']).toBe('');
    const warnings = result.stdout.split('\n').filter((line) => line.startsWith('::warning'));
    expect(warnings).toEqual([
      expect.stringMatching(/The transcript was not uploaded \(the upload failed: .*400/),
    ]);
  });

  it('uploads nothing when upload-transcript is false', async () => {
    const service = runs.track(await startArtifactService());
    const result = await run(
      {
        GITHUB_SERVER_URL: 'https://github.localhost',
        ACTIONS_RESULTS_URL: service.resultsUrl,
        ACTIONS_RUNTIME_TOKEN: service.runtimeToken,
      },
      { 'upload-transcript': 'false' },
    );

    expect(result.code).toBe(0);
    expect(service.requests).toEqual([]);
    expect(result.summary).toContain(
      `Transcript: \`${result.outputs['transcript-file']}\` on the runner`,
    );
  });
});
