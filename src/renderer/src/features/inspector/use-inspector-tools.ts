import { useEffect, useMemo, useState } from 'react'
import type { RequestLogExportFormat } from '../../../../shared/request-log-types'
import { useAppStore, useAppStores, useInspectorStore } from '../../stores/window-stores'
import { errorMessage } from '../../stores/error-view'
import { filterRows } from '../../stores/inspector-store'
import {
  clearedMessage,
  clearFailedMessage,
  errandTargets,
  exportedMessage,
  exportFailedMessage,
  taggedMessage,
  type InspectorMessage,
} from './errand-messages'

// The Inspector screen's logic: the first load, a request another screen linked here, and the
// toolbar's errands (tag with a case id, export, clear) with the one line of feedback they leave.

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
  const targets = errandTargets(checked, selectedId)
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
      setMessage(exportedMessage(await exportEntries(targets, format)))
    } catch (e) {
      setMessage(exportFailedMessage(e))
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
      setMessage(taggedMessage(await tagEntries(targets, value, false), value))
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
      setMessage(clearedMessage(await clearEntries()))
    } catch (e) {
      setMessage(clearFailedMessage(e))
    } finally {
      setBusy(false)
    }
  }

  return { caseId, setCaseId, busy, message, exportAs, tag, clearLog }
}
