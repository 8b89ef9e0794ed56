// The sandbox's standalone CLI as a child process, for the tests of what it prints and serves.
import { spawn, type ChildProcessByStdio } from 'node:child_process'
import path from 'node:path'
import type { Readable } from 'node:stream'

const root = path.resolve(import.meta.dirname, '../../..')

/** The CLI with `args`, run by this node through tsx from the repository's root; stdout and stderr piped. */
export function spawnSandboxCli(args: string[]): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/sandbox/cli.ts'), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}
