// `npm test`: the typecheck and the lint run beside the build and the suite (they need neither, and
// the suite leaves a core idle while its tests wait on child processes); a failure of either is
// printed as soon as it is known and fails the run. The contract checks come last: they read what
// the suite recorded.
import { spawn } from 'node:child_process';

/** Runs an npm script; `quiet` keeps its output to print only if it fails. */
function npmRun(script, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (code !== 0 && quiet) process.stderr.write(`\n== npm run ${script} failed:\n${output}\n`);
      resolve(code ?? 1);
    });
  });
}

const checks = Promise.all([npmRun('typecheck', true), npmRun('lint', true)]);
const built = (await npmRun('build')) || (await npmRun('suite'));
const checked = (await checks).find((code) => code !== 0) ?? 0;
process.exit(built || checked || (await npmRun('test:contract')));
