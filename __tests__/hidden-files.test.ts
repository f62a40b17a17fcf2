/**
 * Credential files taken out of the shell's reach and put back: on real files, with what an agent
 * could leave at the path meanwhile (a file of its own, a directory, a link towards a file it wants
 * overwritten).
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HiddenFileError, HiddenFiles } from '../src/guard/hidden-files.js';

const CHILD = fileURLToPath(new URL('../__fixtures__/hidden-files-child.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

const CONTENT = Buffer.from('{"type":"external_account","x":"\u00e9\\n"}\n', 'utf8');
let dir: string;
let file: string;

function modeOf(target: string): number {
  return fs.lstatSync(target).mode & 0o7777;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(tmpdir(), 'hidden-'));
  file = path.join(dir, 'gha-creds-0123456789abcdef.json');
  fs.writeFileSync(file, CONTENT, { mode: 0o640 });
  fs.chmodSync(file, 0o640);
});

afterEach(() => {
  fs.chmodSync(dir, 0o700);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('HiddenFiles', () => {
  it('removes the file, keeps its content in memory and puts it back byte for byte with its mode', () => {
    const hidden = HiddenFiles.take([file]);
    expect(fs.existsSync(file)).toBe(false);
    expect(hidden.contentOf(file).equals(CONTENT)).toBe(true);

    expect(hidden.restore()).toEqual([]);
    expect(fs.readFileSync(file).equals(CONTENT)).toBe(true);
    expect(modeOf(file)).toBe(0o640);
  });

  it('replaces whatever the run left at the path: a file, a directory, a link to elsewhere', () => {
    const elsewhere = path.join(dir, 'elsewhere.txt');
    fs.writeFileSync(elsewhere, 'untouched');
    for (const plant of [
      () => fs.writeFileSync(file, 'planted'),
      () => fs.mkdirSync(path.join(file, 'inside'), { recursive: true }),
      () => fs.symlinkSync(elsewhere, file),
    ]) {
      const hidden = HiddenFiles.take([file]);
      plant();
      expect(hidden.restore()).toEqual([]);
      expect(fs.lstatSync(file).isFile()).toBe(true);
      expect(fs.readFileSync(file).equals(CONTENT)).toBe(true);
      // The link was replaced, not written through.
      expect(fs.readFileSync(elsewhere, 'utf8')).toBe('untouched');
    }
  });

  it('takes out the file a link names, not only the link', () => {
    const link = path.join(dir, 'credentials.json');
    fs.symlinkSync(file, link);
    const hidden = HiddenFiles.take([link, file]);
    expect(fs.existsSync(file)).toBe(false);
    expect(hidden.contentOf(link).equals(CONTENT)).toBe(true);
    hidden.restore();
    expect(fs.readFileSync(link).equals(CONTENT)).toBe(true);
  });

  it('restores once: a second call changes nothing and says the same', () => {
    const hidden = HiddenFiles.take([file]);
    expect(hidden.restore()).toEqual([]);
    fs.writeFileSync(file, 'written after the run');
    expect(hidden.restore()).toEqual([]);
    expect(fs.readFileSync(file, 'utf8')).toBe('written after the run');
  });

  it('refuses a missing file', () => {
    expect(() => HiddenFiles.take([path.join(dir, 'absent.json')])).toThrow(HiddenFileError);
  });

  it('refuses a file it cannot remove, and leaves every file where it was', () => {
    const other = path.join(dir, 'gha-creds-fedcba9876543210.json');
    fs.writeFileSync(other, 'other');
    // The runner user may lack write access to a file's directory; tests run as root, which ignores
    // modes, so the refusal comes from the call itself.
    const unlink = fs.unlinkSync;
    const refused = jest.spyOn(fs, 'unlinkSync').mockImplementation((target) => {
      if (target === other)
        throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
      unlink(target);
    });
    try {
      expect(() => HiddenFiles.take([file, other])).toThrow(HiddenFileError);
    } finally {
      refused.mockRestore();
    }
    expect(fs.readFileSync(file).equals(CONTENT)).toBe(true);
    expect(modeOf(file)).toBe(0o640);
    expect(fs.readFileSync(other, 'utf8')).toBe('other');
  });
});

describe('HiddenFiles in a process that exits', () => {
  it('puts the files back when the process exits without restoring them (a forced exit)', () => {
    const child = spawnSync(process.execPath, ['--import', TSX, CHILD, file], { encoding: 'utf8' });
    expect(child.stdout).toBe('hidden\n');
    expect(child.status).toBe(3);
    expect(fs.readFileSync(file).equals(CONTENT)).toBe(true);
    expect(modeOf(file)).toBe(0o640);
  });
});
