// The IPC contract has no hand-copied edges (issue 12 item 6): every channel is one the renderer
// asks (no unused or duplicate channel left behind), and every exported type name names one thing
// in src/ (no two `ExportResult`s). Renderer ports take their shapes from the contract
// (ChannelInput / ChannelOutput), so a changed channel breaks the store at compile time.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHANNEL_NAMES } from '../../../../src/shared/ipc/contract'
import { present } from '../../../helpers/present'
import { sourceFiles } from '../../helpers/source-scan'

const root = path.resolve(import.meta.dirname, '../../../..')

/** Channels no renderer source names (as `'domain.name'`, the way call() and the ports ask). */
export function unusedChannels(channels: readonly string[], rendererText: string): string[] {
  return channels.filter((c) => !rendererText.includes(`'${c}'`))
}

/** Type names exported by more than one file: `name → files`. */
export function typeNamesDeclaredTwice(files: { file: string; text: string }[]): Record<string, string[]> {
  const where = new Map<string, string[]>()
  for (const { file, text } of files) {
    for (const m of text.matchAll(/^export (?:interface|type) ([A-Za-z0-9_]+)/gm)) {
      where.set(present(m[1]), [...(where.get(present(m[1])) ?? []), file])
    }
  }
  return Object.fromEntries([...where].filter(([, fs]) => fs.length > 1))
}

describe('the IPC contract has no hand-copied edges', () => {
  it('the checks can fail', () => {
    expect(unusedChannels(['payments.list', 'payments.buckets'], "call('payments.list', input)")).toEqual([
      'payments.buckets',
    ])
    expect(
      typeNamesDeclaredTwice([
        { file: 'a.ts', text: 'export interface ExportResult {\n}' },
        { file: 'b.ts', text: "export type ExportResult = { saved: true }\nexport type Other = 'x'" },
      ]),
    ).toEqual({ ExportResult: ['a.ts', 'b.ts'] })
  })

  it('every channel is asked by the renderer', () => {
    const renderer = sourceFiles(path.join(root, 'src', 'renderer'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n')
    expect(unusedChannels(CHANNEL_NAMES, renderer)).toEqual([])
  })

  it('every exported type name in src/ names one thing', () => {
    const files = sourceFiles(path.join(root, 'src')).map((f) => ({
      file: path.relative(root, f).split(path.sep).join('/'),
      text: readFileSync(f, 'utf8'),
    }))
    expect(typeNamesDeclaredTwice(files)).toEqual({})
  })
})
