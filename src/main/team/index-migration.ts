// The team's shared search index (issue 51 item 3), migration 10 of the team database: one walk of the
// merchant per team (index-sync.ts) writes it, every desk of the team searches it (shared-index.ts).
//
// A row holds what the desk's own index holds (src/main/search/rows.ts): plain columns to filter and
// sort by, the personal fields as text, and two derived columns for the search: `search_tsv`, the
// fields' words (split at every non-alphanumeric character, as the desk's full-text tokenizer splits
// an e-mail into its words) for a word or the start of one through a GIN index; `search_text`, the
// fields as one lower-case text with a trigram (pg_trgm) GIN index for a part of an e-mail, a name or
// a number with its punctuation ("anna.b", "@example.c", "0612-"). No raw API answer, no credential,
// no card or bank data beyond what the payment's own fields name (a consumer or card holder name).
//
// Who may do what: the three roles read it (a viewer searches too); writing it is the
// `paydesk_index_writer` role's, given to agents and leads so that, with no runner, the desk the
// advisory lock elects can sync; a team with a runner takes it back from them (SECURITY.md).
function indexTable(kind: 'payments' | 'orders'): string {
  const fields = `email || ' ' || name || ' ' || address || ' ' || description || ' ' || order_number || ' ' || metadata || ' ' || facts`
  return `
CREATE TABLE paydesk.index_${kind} (
  id text PRIMARY KEY,
  created_ms bigint NOT NULL,
  status text NOT NULL,
  method text,
  currency text NOT NULL,
  value text NOT NULL CHECK (value ~ '^-?[0-9]+(\\.[0-9]+)?$'),
  amount_key text NOT NULL,
  order_id text,
  mode text NOT NULL,
  profile_id text NOT NULL,
  email text NOT NULL,
  name text NOT NULL,
  address text NOT NULL,
  description text NOT NULL,
  order_number text NOT NULL,
  metadata text NOT NULL,
  facts text NOT NULL,
  state text,
  synced_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS (lower(${fields})) STORED,
  search_tsv tsvector GENERATED ALWAYS AS
    (to_tsvector('simple'::regconfig, regexp_replace(lower(${fields}), '[^[:alnum:]]+', ' ', 'g'))) STORED
);
CREATE INDEX index_${kind}_newest ON paydesk.index_${kind} (created_ms DESC, id DESC);
CREATE INDEX index_${kind}_status ON paydesk.index_${kind} (status, created_ms DESC);
CREATE INDEX index_${kind}_amount ON paydesk.index_${kind} (amount_key, created_ms DESC);
CREATE INDEX index_${kind}_words ON paydesk.index_${kind} USING gin (search_tsv);
CREATE INDEX index_${kind}_trigrams ON paydesk.index_${kind} USING gin (search_text gin_trgm_ops);
`
}

const SQL = `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'paydesk_index_writer') THEN
    CREATE ROLE paydesk_index_writer NOLOGIN;
  END IF;
END $$;
${indexTable('payments')}
${indexTable('orders')}
CREATE INDEX index_payments_order ON paydesk.index_payments (order_id, created_ms DESC) WHERE order_id IS NOT NULL;

-- Where each walk stands (the sync's marker, committed with each page), the account the rows are
-- of, and the rows held (kept by the writes: a count(*) of a million rows per page would cost more).
CREATE TABLE paydesk.index_markers (kind text PRIMARY KEY, state jsonb NOT NULL);
CREATE TABLE paydesk.index_meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE paydesk.index_counts (kind text PRIMARY KEY, n bigint NOT NULL);
INSERT INTO paydesk.index_counts VALUES ('payments', 0), ('orders', 0);

GRANT SELECT ON paydesk.index_payments, paydesk.index_orders, paydesk.index_markers, paydesk.index_meta,
  paydesk.index_counts TO paydesk_viewer, paydesk_agent, paydesk_lead, paydesk_index_writer;
GRANT USAGE ON SCHEMA paydesk TO paydesk_index_writer;
GRANT INSERT, UPDATE, DELETE ON paydesk.index_payments, paydesk.index_orders, paydesk.index_markers,
  paydesk.index_meta, paydesk.index_counts TO paydesk_index_writer;
GRANT paydesk_index_writer TO paydesk_agent, paydesk_lead;
`

export const SHARED_INDEX_MIGRATION = { version: 10, name: 'shared search index', sql: SQL }

/**
 * Migration 11: the team runner walks the merchant into the shared index while it runs (it wins the
 * election: index-sync.ts), so its role writes the index too.
 */
export const RUNNER_INDEX_MIGRATION = {
  version: 11,
  name: 'the runner syncs the shared index',
  sql: 'GRANT paydesk_index_writer TO paydesk_runner;',
}
