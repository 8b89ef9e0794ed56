import { useEffect, useId, useState } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { formatMoment } from '../../../../shared/dates'
import { MAX_NOTE_LENGTH } from '../../../../shared/team-record'
import { agentWords, caseWords, recordedWriteLine, visibleNoteText } from '../../../../shared/story/record-story'
import type { RecordNote, RecordObjectRef } from '../../../../shared/team-record'
import { ticketProblem, typedTicket } from '../../../../shared/ticket'
import { TicketField } from '../../components/TicketField'
import type { ObjectRecordState } from '../../stores/team-store'
import { newObjectRecordStore } from '../../stores/view-stores'
import './team.css'

/** The shared record of the object a view shows: made when the object changes, read, dropped on close. */
export function useObjectRecord(object: RecordObjectRef | null): StoreApi<ObjectRecordState> | null {
  const kind = object?.kind
  const id = object?.id
  const [store, setStore] = useState<StoreApi<ObjectRecordState> | null>(null)
  useEffect(() => {
    if (!kind || !id) return
    const made = newObjectRecordStore({ kind, id })
    setStore(made)
    void made.getState().load()
    return () => made.getState().dispose()
  }, [kind, id])
  return store && kind && id && store.getState().object.id === id ? store : null
}

/** Case and notes of one payment, order or customer: who holds it, take or hand it over, the notes. */
export function RecordPanel({
  store,
  showWrites = false,
}: {
  store: StoreApi<ObjectRecordState>
  /** A view without a timeline (the customer's) lists the recorded writes here. */
  showWrites?: boolean
}): React.JSX.Element {
  const record = useStore(store, (s) => s.record)
  const loadError = useStore(store, (s) => s.loadError)
  const error = useStore(store, (s) => s.error)
  return (
    <section className="record-panel" aria-label="Case and notes" data-testid="record-panel">
      <h3>Case and notes</h3>
      {!record && !loadError && <p className="muted">Loading the case and notes…</p>}
      {loadError && (
        <p className="error" role="alert" data-testid="record-load-error">
          The case and notes could not be read: {loadError}
        </p>
      )}
      {record && <CaseBar store={store} />}
      {error && (
        <p className="error" role="alert" data-testid="record-error">
          {error.message}
        </p>
      )}
      {record && <NotesList store={store} notes={record.notes} me={record.me} />}
      {record && <NoteForm store={store} />}
      {showWrites && record && record.actions.length > 0 && (
        <ol className="stack-list" aria-label="Writes recorded" data-testid="record-writes">
          {record.actions.map((a) => (
            <li key={a.id}>{recordedWriteLine(a, record.me)}</li>
          ))}
        </ol>
      )}
      {record && record.actions.length > 0 && (
        <details className="record-api" data-testid="record-api-details">
          <summary>API details</summary>
          <pre className="code json-small">{JSON.stringify(record.actions, null, 2)}</pre>
        </details>
      )}
    </section>
  )
}

function CaseBar({ store }: { store: StoreApi<ObjectRecordState> }): React.JSX.Element {
  const record = useStore(store, (s) => s.record)
  const busy = useStore(store, (s) => s.busy)
  const [handing, setHanding] = useState(false)
  const [ticket, setTicket] = useState('')
  const c = record?.case ?? null
  const me = record?.me ?? null
  const mine = c?.state === 'open' && c.owner === me
  // Only a case nobody holds can be taken; a colleague's is handed over (one owner at a time).
  const free = !c || c.state === 'closed' || c.owner === null
  return (
    <div className="record-case">
      <p data-testid="case-owner">{caseWords(c, me)}</p>
      <div className="toolbar">
        {free && (
          <>
            <TicketField value={ticket} onChange={setTicket} testId="case-ticket" inline />
            <button
              type="button"
              className="btn btn-small"
              disabled={busy || ticketProblem(ticket) !== null}
              onClick={() => void store.getState().takeCase(typedTicket(ticket))}
              data-testid="case-take"
            >
              Take this case
            </button>
          </>
        )}
        {/* The holder hands over (the team database lets only a lead reassign a colleague's case). */}
        {mine && (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => setHanding(true)}
            data-testid="case-hand-over"
          >
            Hand over to…
          </button>
        )}
        {mine && (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => void store.getState().closeCase()}
            data-testid="case-close"
          >
            Close case
          </button>
        )}
      </div>
      {handing && <HandOverForm store={store} onDone={() => setHanding(false)} />}
    </div>
  )
}

const NO_COLLEAGUES: { login: string; online: boolean }[] = []

function HandOverForm({
  store,
  onDone,
}: {
  store: StoreApi<ObjectRecordState>
  onDone: () => void
}): React.JSX.Element {
  const busy = useStore(store, (s) => s.busy)
  const colleagues = useStore(store, (s) => s.record?.colleagues ?? NO_COLLEAGUES)
  const [to, setTo] = useState('')
  const id = useId()
  const listId = useId()
  return (
    <form
      className="record-hand-over"
      onSubmit={(e) => {
        e.preventDefault()
        void store
          .getState()
          .handOver(to.trim())
          .then((ok) => ok && onDone())
      }}
    >
      <label htmlFor={id}>Colleague’s login</label>
      <input
        id={id}
        className="input"
        value={to}
        autoFocus
        list={listId}
        onChange={(e) => setTo(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
        data-testid="case-hand-over-to"
      />
      <datalist id={listId}>
        {colleagues.map((c) => (
          <option key={c.login} value={c.login}>
            {c.online ? `${c.login} (online)` : c.login}
          </option>
        ))}
      </datalist>
      <button
        type="submit"
        className="btn btn-small"
        disabled={busy || to.trim() === ''}
        data-testid="case-hand-over-send"
      >
        Hand over
      </button>
      <button type="button" className="btn btn-small" onClick={onDone}>
        Cancel
      </button>
    </form>
  )
}

function NotesList({
  store,
  notes,
  me,
}: {
  store: StoreApi<ObjectRecordState>
  notes: RecordNote[]
  me: string
}): React.JSX.Element {
  if (notes.length === 0)
    return (
      <p className="muted" data-testid="notes-empty">
        No notes yet.
      </p>
    )
  return (
    <ol className="stack-list" aria-label="Notes" data-testid="notes">
      {notes.map((note) => (
        <NoteItem key={note.noteId} store={store} note={note} me={me} />
      ))}
    </ol>
  )
}

function NoteItem({
  store,
  note,
  me,
}: {
  store: StoreApi<ObjectRecordState>
  note: RecordNote
  me: string
}): React.JSX.Element {
  const [editing, setEditing] = useState(false)
  return (
    <li className="record-note" data-testid="note">
      <p className="record-note-meta muted">
        <span data-testid="note-author">{agentWords(note.author, me)}</span>,{' '}
        <time dateTime={note.at}>{formatMoment(note.at, 'short-date-time')}</time>
        {note.version > 1 && <span data-testid="note-version"> · edited (version {note.version})</span>}
      </p>
      {editing ? (
        <NoteForm store={store} note={note} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p className="record-note-text" data-testid="note-text">
            {visibleNoteText(note.text)}
          </p>
          <button type="button" className="btn btn-small btn-link" onClick={() => setEditing(true)}>
            Edit
          </button>
        </>
      )}
    </li>
  )
}

/** A new note, or a new version of `note`; Ctrl+Enter saves, Escape cancels an edit. */
function NoteForm({
  store,
  note,
  onDone,
}: {
  store: StoreApi<ObjectRecordState>
  note?: RecordNote
  onDone?: () => void
}): React.JSX.Element {
  const busy = useStore(store, (s) => s.busy)
  const [text, setText] = useState(note?.text ?? '')
  const id = useId()
  const save = () =>
    void store
      .getState()
      .writeNote(text, note?.noteId)
      .then((ok) => {
        if (!ok) return
        if (!note) setText('')
        onDone?.()
      })
  return (
    <form
      className="record-note-form"
      onSubmit={(e) => {
        e.preventDefault()
        save()
      }}
    >
      <label htmlFor={id}>{note ? 'Edit the note (the earlier version is kept)' : 'Add a note'}</label>
      <textarea
        id={id}
        className="input"
        rows={3}
        value={text}
        maxLength={MAX_NOTE_LENGTH}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) save()
          if (e.key === 'Escape' && onDone) onDone()
        }}
        data-testid={note ? 'note-edit' : 'note-new'}
      />
      <div className="toolbar">
        <button type="submit" className="btn btn-small" disabled={busy || text.trim() === ''} data-testid="note-save">
          {note ? 'Save new version' : 'Save note'}
        </button>
        {onDone && (
          <button type="button" className="btn btn-small" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}
