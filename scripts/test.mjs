#!/usr/bin/env node
// `npm test`: everything CI checks, in order: typecheck, lint, format, build, then all vitest projects.
//
// The keychain tests need a Secret Service. On Linux this script runs the whole suite inside a
// private D-Bus session with a throwaway, unlocked gnome-keyring (its files in a temporary
// folder), so tests never touch the developer's own keychain. Set PAYDESK_USE_SESSION_KEYRING=1
// to use the session's keychain instead. Extra arguments go to vitest (`npm test -- test/unit`).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const args = process.argv.slice(2)
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

function run(label, command, commandArgs, env = process.env) {
  console.log(`\n▶ ${label}`)
  const started = Date.now()
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds} s`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${label} (${seconds} s)`)
}

const insidePrivateKeyring = process.env.PAYDESK_PRIVATE_KEYRING === '1'
const wantPrivateKeyring =
  process.platform === 'linux' && !insidePrivateKeyring && process.env.PAYDESK_USE_SESSION_KEYRING !== '1'

if (wantPrivateKeyring) {
  if (!has('dbus-run-session') || !has('gnome-keyring-daemon')) {
    console.error(
      'The keychain tests need a Secret Service. Install it with:\n' +
        '  sudo apt-get install gnome-keyring dbus-x11 libsecret-1-dev\n' +
        'or run with PAYDESK_USE_SESSION_KEYRING=1 to use your session keychain.',
    )
    process.exit(1)
  }
  const home = mkdtempSync(path.join(os.tmpdir(), 'paydesk-keyring-'))
  const inner = [
    'echo -n paydesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null',
    `exec node ${JSON.stringify(path.resolve(import.meta.dirname, 'test.mjs'))} "$@"`,
  ].join('\n')
  const result = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner, 'sh', ...args], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PAYDESK_PRIVATE_KEYRING: '1',
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_RUNTIME_DIR: home,
    },
  })
  rmSync(home, { recursive: true, force: true })
  process.exit(result.status ?? 1)
}

if (args.length === 0) {
  run('typecheck', 'npm', ['run', '--silent', 'typecheck'])
  run('lint', 'npm', ['run', '--silent', 'lint'])
  run('format', 'npm', ['run', '--silent', 'format:check'])
  run('build', 'npm', ['run', '--silent', 'build'])
}
run('tests', npx, ['vitest', 'run', ...args])
