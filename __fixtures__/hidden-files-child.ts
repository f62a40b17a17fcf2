/**
 * A process that takes the files named in argv[2..] out of reach, says so on stdout, and then ends
 * with process.exit(3), the way a cancelled run's forced exit ends the action, without calling
 * `restore` itself.
 */
import { HiddenFiles } from '../src/guard/hidden-files.js';

HiddenFiles.take(process.argv.slice(2));
process.stdout.write('hidden\n');
process.exit(3);
