import { z } from 'zod'
import { EMBED_VALUES } from '../api-types'
import { defineChannel } from './define'
import {
  ADDRESS_KEYS,
  METHOD_MODES,
  type AddressKey,
  type DraftAddress,
  type DraftContent,
  type DraftLine,
} from '../order-builder'

export type { DraftAddress, DraftContent, DraftLine } from '../order-builder'

// The order builder's drafts: the form as the user typed it (strings, not yet a request), stored
// encrypted by main (src/main/services/drafts/). The schema checks SHAPE only (strict keys,
// bounded sizes): a draft may break every business rule; order-rules/ judges it, not this file.

/** Far above any real order (the service has no stated line maximum) but bounded. */
const MAX_DRAFT_LINES = 1000
export const MAX_DRAFTS = 2000
export const MAX_DRAFT_NAME_LENGTH = 200
const SHORT = 64
const TEXT = 2000
const URL_MAX = 4096
/** Metadata is about 1 kB (spec 8.2); the editor may hold more so it can say how much too much. */
const METADATA_TEXT_MAX = 16_384

const shortText = z.string().max(SHORT)
const text = z.string().max(TEXT)
const urlText = z.string().max(URL_MAX)

const draftAddressSchema = z
  .object(
    Object.fromEntries(ADDRESS_KEYS.map((k) => [k, z.string().max(512).optional()])) as Record<
      AddressKey,
      z.ZodOptional<z.ZodString>
    >,
  )
  .strict()

const draftLineSchema = z
  .object({
    /** Stable identity for the editor (React key); never sent. */
    key: z.string().min(1).max(SHORT),
    type: shortText,
    name: text,
    quantity: shortText,
    unitPrice: shortText,
    discountAmount: shortText,
    vatRate: shortText,
    /** The user's own totalAmount (override toggle on); null = computed. */
    totalOverride: shortText.nullable(),
    /** The user's own vatAmount; null = computed. */
    vatOverride: shortText.nullable(),
    sku: z.string().max(256),
    category: shortText,
    imageUrl: urlText,
    productUrl: urlText,
    /** JSON text; '' = none. */
    metadata: z.string().max(METADATA_TEXT_MAX),
  })
  .strict()

export const draftContentSchema = z
  .object({
    /** Which request the draft builds: POST /orders (spec 4.1) or POST /payments (spec 4.2). */
    kind: z.enum(['order', 'payment']),
    orderNumber: z.string().max(256),
    /** Payment description (spec 2.6: at most 255, longer is truncated). */
    description: text,
    currency: z.string().max(8),
    /** A payment's amount when it has no lines (with lines it is their sum). */
    paymentAmount: shortText,
    paymentWithLines: z.boolean(),
    /** '' = null (the browser's language, spec 2.5). */
    locale: z.string().max(16),
    methodMode: z.enum(METHOD_MODES),
    methods: z.array(shortText).max(64),
    redirectUrl: urlText,
    cancelUrl: urlText,
    webhookUrl: urlText,
    metadata: z.string().max(METADATA_TEXT_MAX),
    expiresAt: shortText,
    consumerDateOfBirth: shortText,
    shopperCountryMustMatchBillingCountry: z.boolean(),
    embed: z.array(z.enum(EMBED_VALUES)).max(EMBED_VALUES.length),
    billingAddress: draftAddressSchema,
    shippingSameAsBilling: z.boolean(),
    shippingAddress: draftAddressSchema,
    /** Only used with organization tokens (spec 5.4). */
    profileId: z.string().max(256),
    testmode: z.boolean(),
    lines: z.array(draftLineSchema).max(MAX_DRAFT_LINES),
  })
  .strict()

// The schemas must produce exactly the builder's types (compile-time check).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const draftSchemasMatchTypes: [
  Same<z.output<typeof draftAddressSchema>, DraftAddress>,
  Same<z.output<typeof draftLineSchema>, DraftLine>,
  Same<z.output<typeof draftContentSchema>, DraftContent>,
] = [true, true, true]

export const draftIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^drf_[A-Za-z0-9]+$/, 'Not a draft id.')

/** A draft once a create succeeded: kept, read-only, listed separately. */
export interface DraftArchiveInfo {
  at: string
  orderId: string | null
  paymentId: string | null
}

/** The connection a draft was made for (a snapshot of its label when the draft was made). */
export interface DraftConnection {
  id: string
  label: string
}

export interface DraftSummary {
  id: string
  name: string
  kind: DraftContent['kind']
  createdAt: string
  updatedAt: string
  /** "EUR 60.00 · 3 lines" style summary, computed in main. */
  summary: string
  archived: DraftArchiveInfo | null
  /** The connection it belongs to (Create sends it there only); null for drafts made before this was kept. */
  connection: DraftConnection | null
}

export interface DraftView extends DraftSummary {
  content: DraftContent
  /** Sent as Idempotency-Key; kept with the draft so a resend can never create twice. */
  idempotencyKey: string
}

export interface DraftsListView {
  drafts: DraftSummary[]
  /** Damaged draft files set aside (never silently dropped), with what to do about them. */
  notices: string[]
}

const saveDraftInput = z
  .object({
    /** Absent: a new draft (and a new idempotency key). */
    id: draftIdSchema.optional(),
    name: z.string().max(MAX_DRAFT_NAME_LENGTH).optional(),
    content: draftContentSchema,
  })
  .strict()
export type SaveDraftInput = z.output<typeof saveDraftInput>

const draftIdInput = z.object({ id: draftIdSchema }).strict()
const renameDraftInput = z.object({ id: draftIdSchema, name: z.string().min(1).max(MAX_DRAFT_NAME_LENGTH) }).strict()

export const draftChannels = {
  'drafts.list': defineChannel<DraftsListView>()(z.undefined()),
  'drafts.get': defineChannel<DraftView>()(draftIdInput),
  'drafts.save': defineChannel<DraftView>()(saveDraftInput),
  'drafts.rename': defineChannel<DraftSummary>()(renameDraftInput),
  'drafts.delete': defineChannel<{ deleted: true }>()(draftIdInput),
  /** Makes a draft belong to the active connection (main decides which one that is). */
  'drafts.moveToActive': defineChannel<DraftView>()(draftIdInput),
}
