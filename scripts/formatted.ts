// What `prettier --write` makes of a generated file, so that the format check and the comparison
// with what is committed agree.
import path from 'node:path';
import * as prettier from 'prettier';

/** `text` formatted as the repository's prettier settings format `relative` (from `root`). */
export async function formatted(text: string, root: string, relative: string): Promise<string> {
  const filepath = path.join(root, relative);
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(text, { ...options, filepath });
}
