/**
 * A process that starts the way the action does (startClean first) and then reports, as one JSON
 * line on stdout, what a command of the agent's could see of it and what the action itself got back.
 * argv[2..] are names of variables whose values it reports from `process.env`.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { startClean } from '../src/run/clean-start.js';

startClean();

const fds = readdirSync('/proc/self/fd').map((fd) => {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return ''; // the directory's own descriptor, closed by now
  }
});
const names = process.argv.slice(2);
process.stdout.write(
  `${JSON.stringify({
    pid: process.pid,
    argv: process.argv.slice(1),
    execArgv: process.execArgv,
    environ: readFileSync('/proc/self/environ', 'latin1'),
    cmdline: readFileSync('/proc/self/cmdline', 'latin1'),
    fds,
    values: Object.fromEntries(names.map((name) => [name, process.env[name] ?? null])),
  })}\n`,
);
process.stderr.write('stderr still reaches the runner\n');
