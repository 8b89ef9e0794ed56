import type { CredentialMode } from '../../../shared/connection-rules'
import './mode-badge.css'

/** TEST or LIVE; LIVE is solid red everywhere so it cannot be missed. */
export function ModeBadge({ mode, testId }: { mode: CredentialMode; testId?: string }): React.JSX.Element {
  return mode === 'live' ? (
    <span className="badge badge-live mode-badge" data-testid={testId} title="Live mode: real money, real customers">
      LIVE
    </span>
  ) : (
    <span className="badge mode-badge mode-badge-test" data-testid={testId} title="Test mode: no real money moves">
      TEST
    </span>
  )
}
