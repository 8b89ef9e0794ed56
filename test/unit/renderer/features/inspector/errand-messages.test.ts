// The Inspector's errands: what they apply to and the line each leaves (the logic of use-inspector-tools.ts).
import { describe, expect, it } from 'vitest'
import {
  clearedMessage,
  clearFailedMessage,
  errandTargets,
  exportedMessage,
  exportFailedMessage,
  taggedMessage,
} from '../../../../../src/renderer/src/features/inspector/errand-messages'

/** An error as the IPC client throws it: main's code and view on an Error. */
function ipcError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, view: { code, message } })
}

describe('errandTargets', () => {
  it('takes the ticked rows, else the open one, else none', () => {
    expect(errandTargets(new Set(['a', 'b']), 'c')).toEqual(['a', 'b'])
    expect(errandTargets(new Set(), 'c')).toEqual(['c'])
    expect(errandTargets(new Set(), null)).toEqual([])
  })
})

describe('the errands’ lines', () => {
  it('says where an export went, that it holds no keys, and whether personal data is in it', () => {
    expect(exportedMessage({ saved: true, path: '/tmp/x.har', count: 1, personalData: 'left-out' })).toEqual({
      tone: 'ok',
      text: 'Exported 1 request to /tmp/x.har: no keys or tokens, customers’ personal data left out.',
    })
    expect(exportedMessage({ saved: true, path: '/tmp/x.har', count: 3, personalData: 'included' }).text).toBe(
      'Exported 3 requests to /tmp/x.har: no keys or tokens, customers’ personal data included as you chose.',
    )
    expect(exportedMessage({ saved: false })).toEqual({ tone: 'ok', text: 'Export canceled; nothing was written.' })
    expect(exportFailedMessage(new Error('disk full'))).toEqual({
      tone: 'error',
      text: 'Export failed: disk full. Choose another folder and try again.',
    })
  })

  it('counts what was tagged and cleared', () => {
    expect(taggedMessage(1, 'CASE-7').text).toBe('Tagged 1 request with CASE-7.')
    expect(taggedMessage(2, 'CASE-7').text).toBe('Tagged 2 requests with CASE-7.')
    expect(clearedMessage(0).text).toBe('Cleared 0 requests from this computer.')
  })

  it('tells a clear declined in main’s dialog from one that failed', () => {
    expect(clearFailedMessage(ipcError('canceled', 'Canceled.'))).toEqual({
      tone: 'ok',
      text: 'The request log was kept: nothing was cleared.',
    })
    expect(clearFailedMessage(ipcError('internal', 'disk full'))).toEqual({
      tone: 'error',
      text: 'The log could not be cleared: disk full',
    })
  })
})
