// The standalone CLI: prints base URL, credentials and admin token, serves, stops on SIGTERM.
import { describe, expect, it } from 'vitest'
import { spawnSandboxCli } from '../helpers/sandbox-cli'

describe('sandbox CLI', () => {
  it('starts with the given keys and quotas and stops on SIGTERM', async () => {
    const child = spawnSandboxCli([
      '--payments',
      '30',
      '--key',
      'test_cliKey01',
      '--key',
      'access_cliToken01',
      '--read-q',
      '7',
      '--read-burst',
      '14',
      '--admin-token',
      'admin_cli',
    ])
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /base URL:\s+(\S+)/.exec(output)
          if (match?.[1] !== undefined && output.includes('admin_cli')) {
            clearInterval(timer)
            resolve(match[1])
          }
        }, 50)
        child.on('exit', () => {
          clearInterval(timer)
          reject(new Error(`CLI exited: ${output}`))
        })
      })
      expect(output).toContain('test_cliKey01  (api-key, test)')
      expect(output).toContain('access_cliToken01  (organization-token)')
      const response = await fetch(`${baseUrl}/payments?limit=5`, {
        headers: { Authorization: 'Bearer test_cliKey01' },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('ratelimit-policy')).toBe('"get-v2-payments";q=7;w=2;service-burst=14')
      expect(((await response.json()) as { count: number }).count).toBe(5)
      const stats = await fetch(`${new URL(baseUrl).origin}/__admin/stats`, {
        headers: { Authorization: 'Bearer admin_cli' },
      })
      expect(((await stats.json()) as { payments: number }).payments).toBe(33)
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  })

  it('refuses a key with an unknown prefix', async () => {
    const child = spawnSandboxCli(['--key', 'sk_nope'])
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
    expect(code).toBe(2)
    expect(stderr).toMatch(/credential/)
  })
})
