// jest's TypeScript transform: esbuild strips the types of one file at a time (type checking is
// `npm run typecheck`'s, over the whole project), in a fraction of ts-jest's time per file.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transformSync, version } from 'esbuild';

const self = createHash('sha256')
  .update(readFileSync(new URL(import.meta.url)))
  .digest('hex');

export default {
  process(source, filename, options) {
    const { code, map } = transformSync(source, {
      loader: 'ts',
      // The project is ESM, and jest runs it as ESM (--experimental-vm-modules).
      format: options.supportsStaticESM ? 'esm' : 'cjs',
      target: 'node20',
      sourcemap: 'external',
      sourcefile: filename,
    });
    return { code, map };
  },
  getCacheKey(source, filename, options) {
    return createHash('sha256')
      .update(self)
      .update(version)
      .update(String(options.supportsStaticESM))
      .update(filename)
      .update(source)
      .digest('hex');
  },
};
