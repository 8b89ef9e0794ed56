// The team database's schema (issue 50), as numbered migrations applied in order by `team:setup` and
// recorded in paydesk.schema_migrations. A migration, once released, is never edited: a change is a
// new one. Everything lives in the schema `paydesk`; the three group roles (viewer, agent, lead) are
// the cluster's, each agent's own login is a member of one (team-admin.ts).
//
// The action record is append-only twice over: the roles may INSERT and SELECT it, never UPDATE or
// DELETE, and a trigger refuses an update, delete or truncate even by the owner. Its hash chain is
// made by the database on arrival (a BEFORE INSERT trigger under a lock on the one chain-head row,
// so rows from every desk get one order); the text it hashes is the row's canonical JSON, built in
// SQL here exactly as src/shared/canonical-json.ts builds it (keys sorted, JSON.stringify's escapes,
// which PostgreSQL's to_json shares for every string it can store), and `team:verify` recomputes it
// in TypeScript (chain.ts).
import type { ClientBase } from 'pg'
import { SHARED_INDEX_MIGRATION, RUNNER_INDEX_MIGRATION } from './index-migration'
import { REQUESTS_SQL } from './requests-schema'

interface Migration {
  version: number
  name: string
  sql: string
}

const ROLES = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'paydesk_viewer') THEN CREATE ROLE paydesk_viewer NOLOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'paydesk_agent') THEN CREATE ROLE paydesk_agent NOLOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'paydesk_lead') THEN CREATE ROLE paydesk_lead NOLOGIN; END IF;
END $$;
`

const TABLES = `
CREATE TABLE paydesk.agents (
  login text PRIMARY KEY,
  role text NOT NULL CHECK (role IN ('viewer', 'agent', 'lead')),
  added_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz
);

CREATE TABLE paydesk.chain_head (
  id integer PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL,
  hash text NOT NULL
);
INSERT INTO paydesk.chain_head VALUES (1, 0, repeat('0', 64));

CREATE TABLE paydesk.action_record (
  seq bigint PRIMARY KEY,
  id text NOT NULL UNIQUE,
  at timestamptz NOT NULL,
  agent text NOT NULL,
  desk text NOT NULL,
  action text NOT NULL,
  object_kind text NOT NULL CHECK (object_kind IN ('payment', 'order', 'customer')),
  object_id text NOT NULL,
  amount_value text CHECK (amount_value ~ '^-?[0-9]+(\\.[0-9]+)?$'),
  amount_currency text,
  idempotency_key text,
  ticket text,
  reason text,
  outcome_result text NOT NULL CHECK (outcome_result IN ('done', 'refused', 'unknown')),
  outcome_status integer,
  outcome_result_id text,
  outcome_summary text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((amount_value IS NULL) = (amount_currency IS NULL))
);
CREATE INDEX action_record_object ON paydesk.action_record (object_kind, object_id, seq);
CREATE INDEX action_record_ticket ON paydesk.action_record (ticket) WHERE ticket IS NOT NULL;

CREATE TABLE paydesk.notes (
  rid bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text NOT NULL UNIQUE,
  note_id text NOT NULL,
  version integer NOT NULL,
  object_kind text NOT NULL CHECK (object_kind IN ('payment', 'order', 'customer')),
  object_id text NOT NULL,
  author text NOT NULL,
  at timestamptz NOT NULL,
  text text NOT NULL,
  UNIQUE (note_id, version)
);
CREATE INDEX notes_object ON paydesk.notes (object_kind, object_id, rid);

CREATE TABLE paydesk.cases (
  object_kind text NOT NULL CHECK (object_kind IN ('payment', 'order', 'customer')),
  object_id text NOT NULL,
  owner text,
  state text NOT NULL CHECK (state IN ('open', 'closed')),
  ticket text,
  changed_at timestamptz NOT NULL,
  changed_by text NOT NULL,
  PRIMARY KEY (object_kind, object_id)
);
CREATE INDEX cases_open ON paydesk.cases (owner, changed_at) WHERE state = 'open';
CREATE INDEX cases_ticket ON paydesk.cases (ticket) WHERE ticket IS NOT NULL;

CREATE TABLE paydesk.case_events (
  rid bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  object_kind text NOT NULL,
  object_id text NOT NULL,
  owner text,
  state text NOT NULL,
  ticket text,
  at timestamptz NOT NULL,
  by text NOT NULL
);
CREATE INDEX case_events_object ON paydesk.case_events (object_kind, object_id, rid);
`

const CHAIN = `
CREATE FUNCTION paydesk.js(t text) RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT coalesce(to_json(t)::text, 'null') $$;
CREATE FUNCTION paydesk.iso(t timestamptz) RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

CREATE FUNCTION paydesk.action_canonical(r paydesk.action_record) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '{"action":' || paydesk.js(r.action)
    || ',"agent":' || paydesk.js(r.agent)
    || ',"amount":' || CASE WHEN r.amount_value IS NULL THEN 'null'
         ELSE '{"currency":' || paydesk.js(r.amount_currency) || ',"value":' || paydesk.js(r.amount_value) || '}' END
    || ',"at":' || paydesk.js(paydesk.iso(r.at))
    || ',"desk":' || paydesk.js(r.desk)
    || ',"id":' || paydesk.js(r.id)
    || ',"idempotencyKey":' || paydesk.js(r.idempotency_key)
    || ',"object":{"id":' || paydesk.js(r.object_id) || ',"kind":' || paydesk.js(r.object_kind) || '}'
    || ',"outcome":{"result":' || paydesk.js(r.outcome_result)
    || ',"resultId":' || paydesk.js(r.outcome_result_id)
    || ',"status":' || coalesce(r.outcome_status::text, 'null')
    || ',"summary":' || paydesk.js(r.outcome_summary) || '}'
    || ',"prevHash":' || paydesk.js(r.prev_hash)
    || ',"reason":' || paydesk.js(r.reason)
    || ',"seq":' || r.seq::text
    || ',"ticket":' || paydesk.js(r.ticket) || '}'
$$;

-- Numbers and chains a row on arrival; a row whose id is already there is skipped (synced twice).
CREATE FUNCTION paydesk.action_record_chain() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, paydesk AS $$
DECLARE
  head paydesk.chain_head;
BEGIN
  SELECT * INTO head FROM paydesk.chain_head WHERE id = 1 FOR UPDATE;
  IF EXISTS (SELECT 1 FROM paydesk.action_record WHERE id = NEW.id) THEN
    RETURN NULL;
  END IF;
  NEW.agent := session_user;
  NEW.at := date_trunc('milliseconds', NEW.at);
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.received_at := now();
  NEW.hash := encode(sha256(convert_to(NEW.prev_hash || E'\\n' || paydesk.action_canonical(NEW), 'UTF8')), 'hex');
  UPDATE paydesk.chain_head SET seq = NEW.seq, hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END $$;
CREATE TRIGGER action_record_chain BEFORE INSERT ON paydesk.action_record
  FOR EACH ROW EXECUTE FUNCTION paydesk.action_record_chain();

CREATE FUNCTION paydesk.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'paydesk.% is append-only: its rows are never changed or removed', TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER action_record_append_only BEFORE UPDATE OR DELETE ON paydesk.action_record
  FOR EACH ROW EXECUTE FUNCTION paydesk.refuse_change();
CREATE TRIGGER action_record_no_truncate BEFORE TRUNCATE ON paydesk.action_record
  FOR EACH STATEMENT EXECUTE FUNCTION paydesk.refuse_change();
CREATE TRIGGER notes_append_only BEFORE UPDATE OR DELETE ON paydesk.notes
  FOR EACH ROW EXECUTE FUNCTION paydesk.refuse_change();
CREATE TRIGGER notes_no_truncate BEFORE TRUNCATE ON paydesk.notes
  FOR EACH STATEMENT EXECUTE FUNCTION paydesk.refuse_change();
CREATE TRIGGER case_events_append_only BEFORE UPDATE OR DELETE ON paydesk.case_events
  FOR EACH ROW EXECUTE FUNCTION paydesk.refuse_change();
`

const NOTES_AND_CASES = `
-- The author is the login; the version is the database's (an edit made offline that arrives late is
-- the newest version, never a conflict); a row whose id is already there is skipped.
CREATE FUNCTION paydesk.notes_arrive() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, paydesk AS $$
DECLARE
  first paydesk.notes;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('paydesk.notes:' || NEW.note_id));
  IF EXISTS (SELECT 1 FROM paydesk.notes WHERE id = NEW.id) THEN
    RETURN NULL;
  END IF;
  NEW.author := session_user;
  NEW.at := date_trunc('milliseconds', NEW.at);
  IF NEW.note_id = NEW.id THEN
    NEW.version := 1;
  ELSE
    SELECT * INTO first FROM paydesk.notes WHERE id = NEW.note_id;
    IF NOT FOUND OR first.object_kind <> NEW.object_kind OR first.object_id <> NEW.object_id THEN
      RAISE EXCEPTION 'that note is not on this object' USING ERRCODE = 'foreign_key_violation';
    END IF;
    NEW.version := (SELECT max(version) FROM paydesk.notes WHERE note_id = NEW.note_id) + 1;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER notes_arrive BEFORE INSERT ON paydesk.notes FOR EACH ROW EXECUTE FUNCTION paydesk.notes_arrive();

-- Who changes a case is the login; a case another agent holds is changed only by them or a lead.
CREATE FUNCTION paydesk.cases_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_by := session_user;
  IF TG_OP = 'INSERT' AND NEW.owner IS NOT NULL AND NEW.owner <> session_user
     AND NOT pg_has_role(session_user, 'paydesk_lead', 'MEMBER') THEN
    RAISE EXCEPTION 'a case is taken by the agent who takes it' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.state = 'open' AND OLD.owner IS NOT NULL AND OLD.owner <> session_user
     AND NOT pg_has_role(session_user, 'paydesk_lead', 'MEMBER') THEN
    RAISE EXCEPTION '% holds this case', OLD.owner USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER cases_change BEFORE INSERT OR UPDATE ON paydesk.cases FOR EACH ROW EXECUTE FUNCTION paydesk.cases_change();

CREATE FUNCTION paydesk.cases_history() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, paydesk AS $$
BEGIN
  INSERT INTO paydesk.case_events (object_kind, object_id, owner, state, ticket, at, by)
    VALUES (NEW.object_kind, NEW.object_id, NEW.owner, NEW.state, NEW.ticket, NEW.changed_at, NEW.changed_by);
  RETURN NULL;
END $$;
CREATE TRIGGER cases_history AFTER INSERT OR UPDATE ON paydesk.cases FOR EACH ROW EXECUTE FUNCTION paydesk.cases_history();

-- Every desk listens on one channel; the payload names what changed and the session that wrote it.
CREATE FUNCTION paydesk.notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paydesk_record', json_build_object(
    'kind', TG_ARGV[0],
    'object', json_build_object('kind', NEW.object_kind, 'id', NEW.object_id),
    'session', current_setting('application_name'))::text);
  RETURN NULL;
END $$;
CREATE TRIGGER action_record_notify AFTER INSERT ON paydesk.action_record
  FOR EACH ROW EXECUTE FUNCTION paydesk.notify_change('action');
CREATE TRIGGER notes_notify AFTER INSERT ON paydesk.notes FOR EACH ROW EXECUTE FUNCTION paydesk.notify_change('note');
CREATE TRIGGER cases_notify AFTER INSERT OR UPDATE ON paydesk.cases FOR EACH ROW EXECUTE FUNCTION paydesk.notify_change('case');
`

const GRANTS = `
REVOKE ALL ON SCHEMA paydesk FROM PUBLIC;
REVOKE ALL ON ALL TABLES IN SCHEMA paydesk FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA paydesk FROM PUBLIC;
GRANT USAGE ON SCHEMA paydesk TO paydesk_viewer, paydesk_agent, paydesk_lead;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA paydesk TO paydesk_viewer, paydesk_agent, paydesk_lead;
GRANT SELECT ON ALL TABLES IN SCHEMA paydesk TO paydesk_viewer, paydesk_agent, paydesk_lead;
GRANT INSERT ON paydesk.action_record, paydesk.notes TO paydesk_agent, paydesk_lead;
GRANT INSERT, UPDATE ON paydesk.cases TO paydesk_agent, paydesk_lead;
`

const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'record', sql: ROLES + TABLES + CHAIN + NOTES_AND_CASES + GRANTS },
  // Issue 51: write requests, refund limits and approval, the runner's role (requests-schema.ts).
  { version: 2, name: 'write requests', sql: REQUESTS_SQL },
  SHARED_INDEX_MIGRATION,
  RUNNER_INDEX_MIGRATION,
]

/** The schema this Paydesk reads and writes. */
export const LATEST_MIGRATION = MIGRATIONS.reduce((v, m) => Math.max(v, m.version), 0)

/**
 * Applies the migrations not yet recorded, in order, each in its own transaction, under a lock so two
 * setups at once do not both apply one. Returns the versions applied.
 */
export async function applyMigrations(client: ClientBase): Promise<number[]> {
  const applied: number[] = []
  await client.query('SELECT pg_advisory_lock(hashtext($1))', ['paydesk.migrations'])
  try {
    await client.query('CREATE SCHEMA IF NOT EXISTS paydesk')
    await client.query(
      `CREATE TABLE IF NOT EXISTS paydesk.schema_migrations (
         version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    )
    const done = await client.query<{ version: number }>('SELECT version FROM paydesk.schema_migrations')
    const have = new Set(done.rows.map((r) => r.version))
    for (const migration of [...MIGRATIONS].sort((a, b) => a.version - b.version)) {
      if (have.has(migration.version)) continue
      await client.query('BEGIN')
      try {
        await client.query(migration.sql)
        await client.query('INSERT INTO paydesk.schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      }
      applied.push(migration.version)
    }
    await client.query(
      'GRANT SELECT ON paydesk.schema_migrations TO paydesk_viewer, paydesk_agent, paydesk_lead, paydesk_runner',
    )
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['paydesk.migrations'])
  }
  return applied
}
