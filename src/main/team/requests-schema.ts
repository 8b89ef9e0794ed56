// Migration 2 of the team database (issue 51): write requests, refund limits and four-eyes approval,
// held by PostgreSQL itself so that a modified desk cannot get around them.
//
// - A desk holds no write-capable key in team mode: it asks for a write by inserting a row into
//   paydesk.write_requests. A trigger stamps who asked (the login), when, and decides from
//   paydesk.refund_limits (per role and currency: per refund and per day) whether the request may go
//   straight to the team runner (`queued`) or waits for a lead (`waiting-approval`). The desk cannot
//   choose the state: the trigger overwrites it, and the desk has no UPDATE grant.
// - A lead decides with UPDATE, allowed by row-level security only on a waiting request someone else
//   made, and only to `queued` (approved) or `refused`; the trigger stamps the lead and the time.
// - The runner (role paydesk_runner, the only holder of the write-capable key) takes queued requests
//   with FOR UPDATE SKIP LOCKED and may move them only from `queued` to an outcome.
// - Nobody deletes a request; a finished request never changes again.
// - The action record row the runner writes names the requesting agent (checked against the request
//   it carries the idempotency key of), not the runner's login.
// Every change is told on the channel `paydesk_requests`.

import { ID_PATTERNS } from '../../shared/service/ids'

export const REQUESTS_SQL = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'paydesk_runner') THEN CREATE ROLE paydesk_runner NOLOGIN; END IF;
END $$;
ALTER TABLE paydesk.agents DROP CONSTRAINT IF EXISTS agents_role_check;
ALTER TABLE paydesk.agents ADD CONSTRAINT agents_role_check CHECK (role IN ('viewer', 'agent', 'lead', 'runner'));

-- Amounts are exact decimals (numeric), compared in the refund's currency. No row for a role and
-- currency: every refund of that role in that currency waits for a lead.
CREATE TABLE paydesk.refund_limits (
  role text NOT NULL CHECK (role IN ('agent', 'lead')),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  per_refund numeric NOT NULL CHECK (per_refund >= 0),
  per_day numeric NOT NULL CHECK (per_day >= 0),
  PRIMARY KEY (role, currency)
);

CREATE TABLE paydesk.write_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id text NOT NULL UNIQUE,
  action text NOT NULL CHECK (action = 'refund'),
  object_kind text NOT NULL CHECK (object_kind = 'payment'),
  object_id text NOT NULL CHECK (object_id ~ '${ID_PATTERNS.payment.source}'),
  amount_value text NOT NULL CHECK (amount_value ~ '^[0-9]+(\\.[0-9]+)?$'),
  amount_currency text NOT NULL CHECK (amount_currency ~ '^[A-Z]{3}$'),
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  ticket text CHECK (length(ticket) <= 200),
  reason text CHECK (length(reason) <= 500),
  desk text NOT NULL CHECK (length(desk) <= 200),
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  needs_approval boolean NOT NULL,
  state text NOT NULL CHECK (state IN ('waiting-approval', 'queued', 'done', 'refused', 'unknown')),
  decided_by text,
  decided_at timestamptz,
  decision_reason text CHECK (length(decision_reason) <= 500),
  attempts integer NOT NULL DEFAULT 0,
  result_by text CHECK (result_by IN ('lead', 'runner', 'service')),
  result_status integer,
  result_id text,
  result_summary text,
  finished_at timestamptz
);
CREATE INDEX write_requests_queue ON paydesk.write_requests (id) WHERE state = 'queued';
CREATE INDEX write_requests_waiting ON paydesk.write_requests (id) WHERE state = 'waiting-approval';
CREATE INDEX write_requests_day ON paydesk.write_requests (requested_by, amount_currency, requested_at);

-- Who asks, when, and whether a lead must approve: decided here, never by the desk.
CREATE FUNCTION paydesk.write_request_arrive() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, paydesk AS $$
DECLARE
  who_role text;
  lim paydesk.refund_limits;
  has_limit boolean;
  today numeric;
BEGIN
  IF EXISTS (SELECT 1 FROM paydesk.write_requests WHERE request_id = NEW.request_id) THEN
    RETURN NULL;
  END IF;
  -- One request of a login at a time, so two at once cannot both fit under the day's limit.
  PERFORM pg_advisory_xact_lock(hashtext('paydesk.write_requests:' || session_user));
  who_role := CASE WHEN pg_has_role(session_user, 'paydesk_lead', 'MEMBER') THEN 'lead' ELSE 'agent' END;
  SELECT * INTO lim FROM paydesk.refund_limits WHERE role = who_role AND currency = NEW.amount_currency;
  has_limit := FOUND;
  SELECT coalesce(sum(amount_value::numeric), 0) INTO today FROM paydesk.write_requests
    WHERE requested_by = session_user AND amount_currency = NEW.amount_currency AND NOT needs_approval
      AND state <> 'refused' AND requested_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  NEW.requested_by := session_user;
  NEW.requested_at := now();
  NEW.needs_approval := NOT has_limit OR NEW.amount_value::numeric > lim.per_refund
    OR today + NEW.amount_value::numeric > lim.per_day;
  NEW.state := CASE WHEN NEW.needs_approval THEN 'waiting-approval' ELSE 'queued' END;
  NEW.decided_by := NULL;
  NEW.decided_at := NULL;
  NEW.decision_reason := NULL;
  NEW.attempts := 0;
  NEW.result_by := NULL;
  NEW.result_status := NULL;
  NEW.result_id := NULL;
  NEW.result_summary := NULL;
  NEW.finished_at := NULL;
  RETURN NEW;
END $$;
CREATE TRIGGER write_request_arrive BEFORE INSERT ON paydesk.write_requests
  FOR EACH ROW EXECUTE FUNCTION paydesk.write_request_arrive();

-- The only moves: waiting → queued/refused (a lead), queued → queued/done/refused/unknown (the runner).
CREATE FUNCTION paydesk.write_request_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state = 'waiting-approval' THEN
    IF NEW.state NOT IN ('queued', 'refused') THEN
      RAISE EXCEPTION 'a waiting request is approved or refused, nothing else' USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.state = 'refused' AND coalesce(btrim(NEW.decision_reason), '') = '' THEN
      RAISE EXCEPTION 'a refusal needs a reason' USING ERRCODE = 'check_violation';
    END IF;
    NEW.decided_by := session_user;
    NEW.decided_at := now();
    IF NEW.state = 'refused' THEN
      NEW.result_by := 'lead';
      NEW.result_summary := NEW.decision_reason;
      NEW.finished_at := now();
    END IF;
  ELSIF OLD.state = 'queued' THEN
    IF NEW.state NOT IN ('queued', 'done', 'refused', 'unknown') THEN
      RAISE EXCEPTION 'a queued request ends done, refused or unknown' USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.state <> 'queued' THEN NEW.finished_at := now(); END IF;
  ELSE
    RAISE EXCEPTION 'this request is finished (%): it does not change again', OLD.state
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER write_request_change BEFORE UPDATE ON paydesk.write_requests
  FOR EACH ROW EXECUTE FUNCTION paydesk.write_request_change();
CREATE TRIGGER write_requests_keep BEFORE DELETE ON paydesk.write_requests
  FOR EACH ROW EXECUTE FUNCTION paydesk.refuse_change();
CREATE TRIGGER write_requests_no_truncate BEFORE TRUNCATE ON paydesk.write_requests
  FOR EACH STATEMENT EXECUTE FUNCTION paydesk.refuse_change();

CREATE FUNCTION paydesk.write_request_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paydesk_requests', json_build_object(
    'id', NEW.id, 'state', NEW.state, 'requestedBy', NEW.requested_by,
    'object', json_build_object('kind', NEW.object_kind, 'id', NEW.object_id))::text);
  RETURN NULL;
END $$;
CREATE TRIGGER write_request_notify AFTER INSERT OR UPDATE ON paydesk.write_requests
  FOR EACH ROW EXECUTE FUNCTION paydesk.write_request_notify();

ALTER TABLE paydesk.write_requests ENABLE ROW LEVEL SECURITY;
CREATE POLICY team_reads ON paydesk.write_requests FOR SELECT
  TO paydesk_viewer, paydesk_agent, paydesk_lead, paydesk_runner USING (true);
CREATE POLICY own_requests ON paydesk.write_requests FOR INSERT
  TO paydesk_agent, paydesk_lead WITH CHECK (requested_by = session_user);
CREATE POLICY lead_decides ON paydesk.write_requests FOR UPDATE TO paydesk_lead
  USING (state = 'waiting-approval' AND requested_by <> session_user)
  WITH CHECK (state IN ('queued', 'refused') AND decided_by = session_user);
CREATE POLICY runner_sends ON paydesk.write_requests FOR UPDATE TO paydesk_runner
  USING (state = 'queued') WITH CHECK (state IN ('queued', 'done', 'refused', 'unknown'));

-- The runner's record rows name the agent who asked (the request with that idempotency key).
CREATE OR REPLACE FUNCTION paydesk.action_record_chain() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, paydesk AS $$
DECLARE
  head paydesk.chain_head;
  asked text;
BEGIN
  SELECT * INTO head FROM paydesk.chain_head WHERE id = 1 FOR UPDATE;
  IF EXISTS (SELECT 1 FROM paydesk.action_record WHERE id = NEW.id) THEN
    RETURN NULL;
  END IF;
  IF pg_has_role(session_user, 'paydesk_runner', 'MEMBER') THEN
    SELECT requested_by INTO asked FROM paydesk.write_requests WHERE idempotency_key = NEW.idempotency_key;
    IF asked IS NULL THEN
      RAISE EXCEPTION 'the runner records only the writes it was asked for' USING ERRCODE = 'insufficient_privilege';
    END IF;
    NEW.agent := asked;
  ELSE
    NEW.agent := session_user;
  END IF;
  NEW.at := date_trunc('milliseconds', NEW.at);
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.received_at := now();
  NEW.hash := encode(sha256(convert_to(NEW.prev_hash || E'\\n' || paydesk.action_canonical(NEW), 'UTF8')), 'hex');
  UPDATE paydesk.chain_head SET seq = NEW.seq, hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END $$;

REVOKE ALL ON paydesk.refund_limits, paydesk.write_requests FROM PUBLIC;
GRANT USAGE ON SCHEMA paydesk TO paydesk_runner;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA paydesk TO paydesk_runner;
GRANT SELECT ON ALL TABLES IN SCHEMA paydesk TO paydesk_runner;
GRANT SELECT ON paydesk.refund_limits, paydesk.write_requests TO paydesk_viewer, paydesk_agent, paydesk_lead;
GRANT INSERT (request_id, action, object_kind, object_id, amount_value, amount_currency, idempotency_key, ticket,
  reason, desk) ON paydesk.write_requests TO paydesk_agent, paydesk_lead;
GRANT UPDATE (state, decision_reason) ON paydesk.write_requests TO paydesk_lead;
GRANT UPDATE (state, attempts, result_by, result_status, result_id, result_summary)
  ON paydesk.write_requests TO paydesk_runner;
GRANT INSERT ON paydesk.action_record TO paydesk_runner;
`
