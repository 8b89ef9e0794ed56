import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { ruleContextFor } from '../../../../shared/order-builder'
import { useAppStore } from '../../stores/window-stores'
import { credentialOf } from '../../stores/builder-store'
import { useBuilderStores, useDrafts, useBuilder } from './builder-context'
import { createStep, shownMessages } from './builder-messages'
import { deriveBuilder } from './derive'

// The order builder screen's logic: the rules' "today", the layout (side panels or tabs), a field
// another screen asked to show, which messages are shown yet, and Create (button or Ctrl+Enter).

/** At this window width and wider, the request preview and the drafts sit beside the form. */
const SIDE_PANEL_QUERY = '(min-width: 1280px)'

function useMediaQuery(query: string): boolean {
  // One subscription per query (not one per render: the builder renders on every keystroke).
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches)
}

type NarrowView = 'form' | 'preview' | 'drafts'
export const NARROW_VIEWS: { id: NarrowView; label: string }[] = [
  { id: 'form', label: 'Form' },
  { id: 'preview', label: 'Request preview' },
  { id: 'drafts', label: 'Drafts' },
]

/** The "today" of the rules (UTC, like the service): refreshed when the date changes. */
function useUtcToday(): string {
  const [today, setToday] = useState(() => new Date().toISOString().slice(0, 10))
  useEffect(() => {
    const timer = setInterval(() => setToday(new Date().toISOString().slice(0, 10)), 60_000)
    return () => clearInterval(timer)
  }, [])
  return today
}

/**
 * A field to show, sent from the Inspector (a 422's `field`): the draft the request was sent for
 * is opened first (or the agent is told it is gone), then the field, with our own errors' mapping.
 */
function useFieldRequest() {
  const pendingFocus = useAppStore((s) => s.pendingFocus)
  const takeFocus = useAppStore((s) => s.takeFocus)
  const builder = useBuilderStores().orders
  const focusField = useBuilder((s) => s.focusField)
  const openDraft = useBuilder((s) => s.openDraft)
  const clearError = useBuilder((s) => s.clearError)
  const ready = useBuilder((s) => s.ready)
  const [goneDraft, setGoneDraft] = useState<string | null>(null)
  useEffect(() => {
    // Not before the builder's first load is done: it opens the newest draft, over the one asked for.
    if (!ready || pendingFocus?.screen !== 'orders') return
    const request = takeFocus('orders')
    if (!request) return
    setGoneDraft(null)
    void (async () => {
      const wanted = request.draftId
      if (wanted && builder.getState().draftId !== wanted) {
        await openDraft(wanted)
        if (builder.getState().draftId !== wanted) {
          clearError()
          setGoneDraft(wanted)
          return
        }
      }
      focusField(request.field)
    })()
  }, [ready, pendingFocus, takeFocus, focusField, openDraft, clearError, builder])
  return { goneDraft, setGoneDraft }
}

type Derived = ReturnType<typeof deriveBuilder>

/**
 * Messages under a control appear once the agent has been in that field or pressed Create, never on
 * a fresh form (issue 13 item 6). Per draft: another draft starts fresh.
 */
function useShownMessages(state: Derived) {
  const draftId = useBuilder((s) => s.draftId)
  const content = useBuilder((s) => s.content)
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [attempted, setAttempted] = useState(false)
  const shownDraft = useRef(draftId)
  useEffect(() => {
    const previous = shownDraft.current
    shownDraft.current = draftId
    // The first save of a new draft gives it an id: still the same draft.
    if (previous !== null && previous !== draftId) {
      setTouched(new Set())
      setAttempted(false)
    }
  }, [draftId])
  useEffect(() => {
    if (content.kind) {
      setTouched(new Set())
      setAttempted(false)
    }
  }, [content.kind])
  const { shownState, shownViolations } = useMemo(
    () => shownMessages(state, content, touched, attempted),
    [state, content, touched, attempted],
  )
  return { touched, setTouched, setAttempted, shownState, shownViolations }
}

/** The narrow layout's tab; a field to show, or a draft just opened, brings the form back into view. */
function useNarrowView() {
  const highlight = useBuilder((s) => s.highlight)
  const draftId = useBuilder((s) => s.draftId)
  const [narrowView, setNarrowView] = useState<NarrowView>('form')
  useEffect(() => {
    if (highlight) setNarrowView('form')
  }, [highlight])
  useEffect(() => {
    setNarrowView('form')
  }, [draftId])
  // Scroll to and focus the highlighted control once it is rendered (its line details may have just opened).
  useEffect(() => {
    if (!highlight) return
    const frame = requestAnimationFrame(() => {
      const el = document.getElementById(highlight.target.controlId)
      if (!el) return
      el.scrollIntoView({ block: 'center' })
      el.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [highlight])
  return { narrowView, setNarrowView }
}

/** Create: the first problem is shown instead, unless sent anyway; Ctrl+Enter does it from anywhere. */
function useRequestCreate(state: Derived, setAttempted: (attempted: boolean) => void) {
  const store = useBuilder((s) => s)
  const { sending, archived, focusField } = store
  function requestCreate(options: { sendAnyway?: boolean; newIdempotencyKey?: boolean } = {}): void {
    const step = createStep(state, { sending, archived }, options.sendAnyway)
    if (step.kind === 'wait') return
    setAttempted(true)
    if (step.kind === 'show') {
      focusField(step.violation.field, step.violation.message)
      return
    }
    // On a live connection main asks the user in its own dialog before anything is sent.
    void store.create({ newIdempotencyKey: options.newIdempotencyKey })
  }
  // Ctrl+Enter creates from anywhere on this screen (also when focus is on the page itself).
  const createRef = useRef(requestCreate)
  createRef.current = requestCreate
  useEffect(() => {
    function onKey(e: KeyboardEvent): void {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key === 'Enter') {
        e.preventDefault()
        createRef.current()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return requestCreate
}

export function useBuilderScreen() {
  const store = useBuilder((s) => s)
  const { content, connection, start } = store
  const today = useUtcToday()
  const wide = useMediaQuery(SIDE_PANEL_QUERY)
  const openDrafts = useDrafts((s) => s.drafts.filter((d) => !d.archived).length)
  useEffect(() => start(), [start])
  const { goneDraft, setGoneDraft } = useFieldRequest()
  const credential = useMemo(() => credentialOf(connection), [connection])
  const ctx = useMemo(() => ruleContextFor(credential, new Date(`${today}T12:00:00Z`)), [credential, today])
  const state = useMemo(() => deriveBuilder(content, credential, ctx), [content, credential, ctx])
  const { touched, setTouched, setAttempted, shownState, shownViolations } = useShownMessages(state)
  // One switch opens every field's "API details" (folded ones are no Tab stops).
  const [apiShown, setApiShown] = useState(false)
  const { narrowView, setNarrowView } = useNarrowView()
  const requestCreate = useRequestCreate(state, setAttempted)
  return {
    store,
    state,
    shownState,
    shownViolations,
    wide,
    narrowView,
    setNarrowView,
    openDrafts,
    goneDraft,
    setGoneDraft,
    touched,
    setTouched,
    apiShown,
    setApiShown,
    requestCreate,
  }
}

export type BuilderScreenModel = ReturnType<typeof useBuilderScreen>
