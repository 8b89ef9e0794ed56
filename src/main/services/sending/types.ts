import type { ApiClient } from '../../api'
import type { ActiveConnectionInfo } from '../connections'
import type { LiveWriteConfirmer } from '../live-write-guard'
import type { WriteRecorder } from '../../team/recorded-write'
import type { DialogPort, PdfPort } from '../ports'

/** The part of the API client "something to send" uses. */
export type SendingClient = Pick<ApiClient, 'getPayment' | 'getOrder' | 'request'>

/** Opens an e-mail draft main built (external-links.ts). */
interface MailDrafts {
  openMailDraft(input: {
    to: string
    link: string
    amount: { currency: string; value: string }
    what: string
    name?: string | null
    locale?: string | null
  }): Promise<string>
  openTextDraft(to: string, subject: string, text: string): Promise<string>
}

export interface SendingServiceOptions {
  connections: {
    activeConnection(): Promise<ActiveConnectionInfo>
    getActiveClient(): Promise<SendingClient>
  }
  liveWrites?: LiveWriteConfirmer
  /** The record of every write: the new link is recorded as a create on the payment or order. */
  record: WriteRecorder
  mail: MailDrafts
  chooseSavePath: DialogPort['chooseSavePath']
  /** Without one (a test that needs none), saving as PDF says it cannot. */
  pdf?: PdfPort
  /** The time zone dates are told in (tests); the desk's own when left out. */
  timeZone?: string
}
