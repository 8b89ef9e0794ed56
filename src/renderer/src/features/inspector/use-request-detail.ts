import { useMemo, useState } from 'react'
import {
  describeRateLimit,
  explainRequest,
  findPaymentId,
  readReplayDiffersNote,
} from '../../../../shared/explanations'
import { attemptEnds, type LoggedAttempt, type RequestLogEntry } from '../../../../shared/request-log-types'
import { useAppStore, useInspectorStore } from '../../app-stores'
import { errorMessage } from '../../stores/error-view'
import { headerValue, prettyBody, readErrorFields } from './format'

// The logic of one request's detail: the attempt shown, what the log says about it in plain words
// (explanation, error fields, rate limit), and the errands (cURL, documentation, untag).

export function useRequestDetail(entry: RequestLogEntry) {
  const navigate = useAppStore((s) => s.navigate)
  const [attemptNo, setAttemptNo] = useState<number | null>(null)
  const { first, last } = attemptEnds(entry)
  const shown = entry.attempts.find((a) => a.attempt === attemptNo) ?? last
  const errorFields = useMemo(() => readErrorFields(last.responseBody), [last.responseBody])
  // The rate-limit view of the most telling attempt: a 429 if there was one, else the last.
  const limited = [...entry.attempts].reverse().find((a) => a.status === 429) ?? last
  const rateLines = describeRateLimit(limited.rateLimit)
  const explanation = explainEntry(entry, last, limited, errorFields)
  const paymentId = findPaymentId(last.url, last.status !== null && last.status < 300 ? last.responseBody : null)
  const requestBody = useMemo(() => prettyBody(shown.requestBody), [shown.requestBody])
  const responseBody = useMemo(() => prettyBody(shown.responseBody), [shown.responseBody])
  return {
    navigate,
    first,
    last,
    shown,
    setAttemptNo,
    errorFields,
    limited,
    rateLines,
    explanation,
    paymentId,
    requestBody,
    responseBody,
    ...useDetailErrands(entry, shown.attempt),
  }
}

export type RequestDetailModel = ReturnType<typeof useRequestDetail>

/** What happened to the request and what to do, from its last attempt (and the most telling one for limits). */
function explainEntry(
  entry: RequestLogEntry,
  last: LoggedAttempt,
  limited: LoggedAttempt,
  errorFields: ReturnType<typeof readErrorFields>,
): ReturnType<typeof explainRequest> {
  return explainRequest({
    method: entry.method,
    status: last.status,
    errorKind: last.error?.kind ?? null,
    field: errorFields?.field ?? null,
    detail: errorFields?.detail ?? null,
    bucket: limited.rateLimit?.policy ?? limited.bucket,
    retryAfterSeconds: limited.rateLimit?.retryAfter ?? null,
    allow: headerValue(last.responseHeaders, 'allow'),
    attempts: entry.attempts.length,
    pending: last.outcome === 'retry',
    idempotencyKey: entry.idempotencyKey,
    replayed: headerValue(last.responseHeaders, 'idempotent-replayed') === 'true',
    replayDiffers: entry.notes.map(readReplayDiffersNote).find((r) => r !== null) ?? null,
  })
}

/** The detail's errands through main (a cURL command, the documentation, removing a case id), with their feedback. */
function useDetailErrands(entry: RequestLogEntry, attempt: number) {
  const tagEntries = useInspectorStore((s) => s.tag)
  const curlCommand = useInspectorStore((s) => s.curlCommand)
  const copyText = useAppStore((s) => s.copyText)
  const openExternal = useAppStore((s) => s.openExternal)
  const [curl, setCurl] = useState<string | null>(null)
  const [actionError, setActionError] = useState<string | null>(null)
  const [actionInfo, setActionInfo] = useState<string | null>(null)

  async function copyCurl(): Promise<void> {
    setActionError(null)
    try {
      const command = await curlCommand(entry.id, attempt)
      setCurl(command)
      try {
        await copyText(command)
        setActionInfo('cURL command copied. Set PAYDESK_API_KEY in your shell before running it.')
      } catch {
        setActionInfo('Select the command below and copy it (the clipboard is not available here).')
      }
    } catch (error) {
      setActionError(`Could not build the cURL command: ${errorMessage(error)}`)
    }
  }

  async function openDocs(url: string): Promise<void> {
    setActionError(null)
    try {
      await openExternal(url)
    } catch (error) {
      setActionError(`Could not open the documentation: ${errorMessage(error)}`)
    }
  }

  async function removeTag(tag: string): Promise<void> {
    try {
      await tagEntries([entry.id], tag, true)
    } catch (error) {
      setActionError(`Could not remove the case id: ${errorMessage(error)}`)
    }
  }

  return { curl, actionError, actionInfo, copyCurl, openDocs, removeTag }
}
