import { useEffect, useId, useState } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { TeamDatabaseState } from '../../stores/team-store'
import { newTeamDatabaseStore } from '../../stores/view-stores'

/** How often the status line is read again while Connections is open (colleagues online, rows waiting). */
const STATUS_EVERY_MS = 15_000

/**
 * Connections → Team database: the connection string (the agent's own login, no password in it), the
 * password (kept in the keychain by main), and the record's status in one sentence.
 */
export function TeamDatabaseSection(): React.JSX.Element {
  const [store] = useState(newTeamDatabaseStore)
  useEffect(() => {
    void store.getState().load()
    const timer = window.setInterval(() => void store.getState().load(), STATUS_EVERY_MS)
    return () => {
      window.clearInterval(timer)
      store.getState().dispose()
    }
  }, [store])
  const { view, error, tested } = useStore(store)
  return (
    <section className="panel team-database" aria-labelledby="team-database-title" data-testid="team-database">
      <h2 id="team-database-title">Team database</h2>
      <p className="team-status" role="status" data-testid="team-status">
        {view ? view.status.sentence : 'Reading the record’s status…'}
      </p>
      <TeamDatabaseForm store={store} />
      {tested && (
        <p className={tested.ok ? 'banner banner-ok' : 'banner banner-warn'} role="status" data-testid="team-tested">
          {tested.sentence}
        </p>
      )}
      {error && (
        <p className="error" role="alert" data-testid="team-error">
          {error.message}
        </p>
      )}
    </section>
  )
}

/** The connection string and password, with Connect, Test connection and Disconnect. */
function TeamDatabaseForm({ store }: { store: StoreApi<TeamDatabaseState> }): React.JSX.Element {
  const { view, busy } = useStore(store)
  const [text, setText] = useState<string | null>(null)
  const [password, setPassword] = useState('')
  const shown = text ?? view?.connectionString ?? ''
  const hintId = useId()
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        void store
          .getState()
          .connect(shown, password)
          .then((ok) => ok && setPassword(''))
      }}
    >
      <label className="field">
        <span>Connection string (with your own login, as your team lead gave it)</span>
        <input
          className="input mono"
          value={shown}
          placeholder="postgresql://anna@db.example:5432/paydesk"
          aria-describedby={hintId}
          onChange={(e) => setText(e.target.value)}
          data-testid="team-connection-string"
        />
      </label>
      <label className="field">
        <span>Password{view?.hasPassword ? ' (one is kept in the keychain; type a new one to replace it)' : ''}</span>
        <input
          className="input"
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="team-password"
        />
      </label>
      <p id={hintId} className="muted">
        Without a team database, Paydesk keeps notes, cases and the record of writes on this desk only. The password is
        kept in the system keychain, never in a file.
      </p>
      <div className="toolbar">
        <button type="submit" className="btn" disabled={busy || shown.trim() === ''} data-testid="team-connect">
          Connect
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy || shown.trim() === ''}
          onClick={() => void store.getState().test(shown, password)}
          data-testid="team-test"
        >
          Test connection
        </button>
        {view?.connectionString && (
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => {
              setText(null)
              void store.getState().disconnect()
            }}
            data-testid="team-disconnect"
          >
            Disconnect
          </button>
        )}
      </div>
    </form>
  )
}
