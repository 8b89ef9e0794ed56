import { spawn } from 'node:child_process'

/**
 * "The machine is busy": a Node child process that spins on one core (a tight loop) until stopped,
 * standing in for the browser, call client or ticket system on an agent's machine.
 */
export interface BusyCore {
  stop(): Promise<void>
}

export async function startBusyCore(): Promise<BusyCore> {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve())
    child.once('error', reject)
  })
  // Let it take its core before anything is measured.
  await new Promise((r) => setTimeout(r, 300))
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGKILL')
      await exited
    },
  }
}

/** `--load`: run the measurement with one core busy. */
export async function withOptionalLoad<T>(load: boolean, run: () => Promise<T>): Promise<T> {
  const busy = load ? await startBusyCore() : null
  try {
    return await run()
  } finally {
    await busy?.stop()
  }
}
