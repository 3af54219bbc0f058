/** Crashing an extension host on purpose, to test what the extension does when its host dies. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Kills the extension host process (as a crash would) found among the descendants of the
 * code-server process `serverPid` by its `--type=extensionHost` argument. Resolves with the killed pid.
 */
export async function killExtensionHost(serverPid: number): Promise<number> {
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid=,ppid=,args=']);
  const processes = stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .flatMap((match) => (match ? [{ pid: Number(match[1]), ppid: Number(match[2]), args: match[3] ?? '' }] : []));
  const descendants = new Set([serverPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const entry of processes) {
      if (descendants.has(entry.ppid) && !descendants.has(entry.pid)) {
        descendants.add(entry.pid);
        grew = true;
      }
    }
  }
  const host = processes.find((entry) => descendants.has(entry.pid) && entry.args.includes('--type=extensionHost'));
  if (!host) {
    throw new Error('no extension host process found under the code-server process');
  }
  process.kill(host.pid, 'SIGKILL');
  return host.pid;
}
