-- The order event log's writer as one statement (repositories/order-events.ts, decision 10):
-- the advisory lock that makes ids visible in increasing order, the row, and its NOTIFY. Every
-- order-writing transaction waits for that lock until the holder commits; in one statement the
-- holder no longer spends two client round trips (the insert, the notify) holding it, which
-- under load is most of the time an order waits (decision 15).
-- The lock key and the channel come from the caller, so the TypeScript stays their one source.
-- One statement per ";" at a line end (see migrate.ts): the function body stays on one line.

create function record_order_event(lock_key bigint, channel text, p_order_id uuid, p_user_id uuid, p_type text, p_payload jsonb, p_at timestamptz) returns bigint language plpgsql as $$ declare new_id bigint; begin perform pg_advisory_xact_lock(lock_key); insert into order_events (order_id, user_id, type, payload, created_at) values (p_order_id, p_user_id, p_type, p_payload, p_at) returning id into new_id; perform pg_notify(channel, new_id::text); return new_id; end $$;
