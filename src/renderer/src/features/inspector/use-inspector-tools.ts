import { useEffect, useMemo, useState } from 'react'
import type { RequestLogExportFormat } from '../../../../shared/request-log-types'
import { useAppStore, useAppStores, useInspectorStore } from '../../app-stores'
import { errorMessage, toErrorView } from '../../stores/error-view'
import { filterRows } from '../../stores/inspector-store'

// The Inspector screen's logic: the first load, a request another screen linked here, and the
// toolbar's errands (tag with a case id, export, clear) with the one line of feedback they leave.

export interface InspectorMessage {
  tone: 'ok' | 'error'
  text: string
}

/** The first load, and a request another screen linked here by the client's request id. */
function useInspectorArrival(): void {
  const status = useInspectorStore((s) => s.status)
  const load = useInspectorStore((s) => s.load)
  const select = useInspectorStore((s) => s.select)
  const resetFilter = useInspectorStore((s) => s.resetFilter)
  const pendingFocus = useAppStore((s) => s.pendingFocus)
  const takeFocus = useAppStore((s) => s.takeFocus)
  const { inspector } = useAppStores()

  useEffect(() => {
    if (status === 'idle') void load()
  }, [status, load])

  useEffect(() => {
    if (pendingFocus?.screen !== 'inspector') return
    const focus = takeFocus('inspector')
    if (!focus) return
    const { rows, filter, bodyMatches } = inspector.getState()
    const visible = filterRows(rows, filter, bodyMatches)
    if (!visible.some((r) => r.id === focus.entryId)) resetFilter()
    select(focus.entryId, { scroll: true })
  }, [pendingFocus, takeFocus, select, resetFilter, inspector])
}

export function useInspectorTools() {
  const rows = useInspectorStore((s) => s.rows)
  const filter = useInspectorStore((s) => s.filter)
  const bodyMatches = useInspectorStore((s) => s.bodyMatches)
  const selectedId = useInspectorStore((s) => s.selectedId)
  const checked = useInspectorStore((s) => s.checked)
  useInspectorArrival()
  const visible = useMemo(() => filterRows(rows, filter, bodyMatches), [rows, filter, bodyMatches])
  // Actions apply to the ticked rows, or to the open one when none is ticked.
  const targets = checked.size > 0 ? [...checked] : selectedId ? [selectedId] : []
  return { visible, targets, ...useErrands(targets) }
}

/** Tag with a case id, export and clear, each leaving one line of feedback. */
function useErrands(targets: string[]) {
  const tagEntries = useInspectorStore((s) => s.tag)
  const exportEntries = useInspectorStore((s) => s.exportEntries)
  const clearEntries = useInspectorStore((s) => s.clearLog)
  const [caseId, setCaseId] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<InspectorMessage | null>(null)

  async function exportAs(format: RequestLogExportFormat): Promise<void> {
    if (targets.length === 0) return
    setBusy(true)
    setMessage(null)
    try {
      const result = await exportEntries(targets, format)
      setMessage(
        result.saved
          ? {
              tone: 'ok',
              text:
                `Exported ${result.count} request${result.count === 1 ? '' : 's'} to ${result.path}: no keys or tokens, ` +
                (result.personalData === 'included'
                  ? 'customers’ personal data included as you chose.'
                  : 'customers’ personal data left out.'),
            }
          : { tone: 'ok', text: 'Export canceled; nothing was written.' },
      )
    } catch (e) {
      setMessage({ tone: 'error', text: `Export failed: ${errorMessage(e)}. Choose another folder and try again.` })
    } finally {
      setBusy(false)
    }
  }

  async function tag(): Promise<void> {
    const value = caseId.trim()
    if (!value || targets.length === 0) return
    setBusy(true)
    setMessage(null)
    try {
      const updated = await tagEntries(targets, value, false)
      setMessage({ tone: 'ok', text: `Tagged ${updated} request${updated === 1 ? '' : 's'} with ${value}.` })
    } catch (e) {
      setMessage({ tone: 'error', text: errorMessage(e) })
    } finally {
      setBusy(false)
    }
  }

  // Main asks the person in its own dialog (a page cannot confirm a clear for them).
  async function clearLog(): Promise<void> {
    setBusy(true)
    try {
      const cleared = await clearEntries()
      setMessage({ tone: 'ok', text: `Cleared ${cleared} request${cleared === 1 ? '' : 's'} from this computer.` })
    } catch (e) {
      if (toErrorView(e).code === 'canceled') {
        setMessage({ tone: 'ok', text: 'The request log was kept: nothing was cleared.' })
        return
      }
      setMessage({ tone: 'error', text: `The log could not be cleared: ${errorMessage(e)}` })
    } finally {
      setBusy(false)
    }
  }

  return { caseId, setCaseId, busy, message, exportAs, tag, clearLog }
}
