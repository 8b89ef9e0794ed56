import { useState } from 'react'
import { useAppStore } from '../../stores/window-stores'

/** The exact JSON body main will send (credential rules applied), read-only and copyable. */
export function RequestPreview({
  kind,
  json,
  embed,
  idempotencyKey,
}: {
  kind: 'order' | 'payment'
  json: string
  embed: readonly string[]
  idempotencyKey: string | null
}): React.JSX.Element {
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle')
  const copyText = useAppStore((s) => s.copyText)
  const path =
    kind === 'order' ? `POST /v2/orders${embed.length ? `?embed=${embed.join(',')}` : ''}` : 'POST /v2/payments'
  async function copy(): Promise<void> {
    try {
      await copyText(json)
      setCopied('done')
    } catch {
      setCopied('failed')
    }
  }
  return (
    <section className="panel pd-preview" aria-labelledby="pd-preview-title">
      <div className="pd-preview-head">
        <h2 id="pd-preview-title">Request preview</h2>
        <button type="button" className="btn btn-small" onClick={() => void copy()} data-testid="copy-request">
          {copied === 'done' ? 'Copied' : 'Copy JSON'}
        </button>
      </div>
      <div className="mono pd-preview-line">{path}</div>
      <div className="field-hint">
        Idempotency-Key:{' '}
        <span className="mono" data-testid="idempotency-key">
          {idempotencyKey ?? '(assigned when the draft is first saved)'}
        </span>
      </div>
      {copied === 'failed' && (
        <div className="field-error">The clipboard is not available; select the text instead.</div>
      )}
      <pre className="code pd-preview-body" tabIndex={0} aria-label="Request body JSON" data-testid="request-preview">
        {json}
      </pre>
    </section>
  )
}
