import { useMemo, useState } from 'react'
import { describeRateLimit, findPaymentId } from '../../../../shared/explanations'
import { attemptEnds, type RequestLogEntry } from '../../../../shared/request-log-types'
import { useAppStore, useInspectorStore } from '../../stores/window-stores'
import { errorMessage } from '../../stores/error-view'
import { prettyBody, readErrorFields } from './format'
import { explainEntry, mostTellingAttempt, shownAttempt } from './request-detail'

// The logic of one request's detail: the attempt shown, what the log says about it in plain words
// (explanation, error fields, rate limit), and the errands (cURL, documentation, untag).

export function useRequestDetail(entry: RequestLogEntry) {
  const navigate = useAppStore((s) => s.navigate)
  const [attemptNo, setAttemptNo] = useState<number | null>(null)
  const { first, last } = attemptEnds(entry)
  const shown = shownAttempt(entry, attemptNo)
  const errorFields = useMemo(() => readErrorFields(last.responseBody), [last.responseBody])
  const limited = mostTellingAttempt(entry)
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

/** The detail's errands through main (a cURL command, the documentation, removing a case id), with their feedback. */
function useDetailErrands(entry: RequestLogEntry, attempt: number) {
  const tagEntries = useInspectorStore((s) => s.tag)
  const curlCommand = useInspectorStore((s) => s.curlCommand)
  const copyText = useAppStore((s) => s.copyText)
  const openExternal = useAppStore((s) => s.openExternal)
  const [curl, setCurl] = useState<string | null>(null)
  const [errandError, setErrandError] = useState<string | null>(null)
  const [errandInfo, setErrandInfo] = useState<string | null>(null)

  // Each copy's outcome replaces the last one's: no "copied" or earlier command beside a failure.
  async function copyCurl(): Promise<void> {
    setErrandError(null)
    setErrandInfo(null)
    try {
      const command = await curlCommand(entry.id, attempt)
      setCurl(command)
      try {
        await copyText(command)
        setErrandInfo('cURL command copied. Set PAYDESK_API_KEY in your shell before running it.')
      } catch {
        setErrandInfo('Select the command below and copy it (the clipboard is not available here).')
      }
    } catch (error) {
      setCurl(null)
      setErrandError(`Could not build the cURL command: ${errorMessage(error)}`)
    }
  }

  async function openDocs(url: string): Promise<void> {
    setErrandError(null)
    try {
      await openExternal(url)
    } catch (error) {
      setErrandError(`Could not open the documentation: ${errorMessage(error)}`)
    }
  }

  async function removeTag(tag: string): Promise<void> {
    setErrandError(null)
    try {
      await tagEntries([entry.id], tag, true)
    } catch (error) {
      setErrandError(`Could not remove the case id: ${errorMessage(error)}`)
    }
  }

  return { curl, errandError, errandInfo, copyCurl, openDocs, removeTag }
}
