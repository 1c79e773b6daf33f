-- The session check of every customer call (domain/sessions.ts resumeSession) as one function:
-- PL/pgSQL keeps the plans of its statements for the connection, so the most frequent statement
-- of the server is no longer parsed and planned on each call (measured: about half its cost on
-- PGlite), and the rare refresh or end is one round trip instead of two or three.
-- Same rules as the statements it replaces (rulings §4): a session is live when not ended, seen
-- after p_idle_since, begun after p_started_after and its customer not blocked from the web;
-- last_seen_at is written only when older than p_stale_before (the touch interval), by an update
-- that checks again, so two concurrent calls cannot revive an idle session; a session found
-- idle, too old or blocked is ended with that reason. No row: no live session.
create function resume_session(
  p_token_hash text,
  p_now timestamptz,
  p_idle_since timestamptz,
  p_started_after timestamptz,
  p_stale_before timestamptz,
  p_with_accounts boolean
) returns table (id text, customer_id text, kcode text, own_accounts json)
language plpgsql volatile
as $$
#variable_conflict use_column
declare
  v_session bigint;
  v_customer bigint;
  v_kcode text;
  v_fresh boolean;
begin
  select s.id, c.id, c.kcode, s.last_seen_at >= p_stale_before
    into v_session, v_customer, v_kcode, v_fresh
    from sessions s join customers c on c.id = s.customer_id
   where s.token_hash = p_token_hash and s.ended_at is null
     and s.last_seen_at >= p_idle_since and s.created_at >= p_started_after and not c.web_blocked;
  if v_session is not null and not v_fresh then
    v_session := null;
    update sessions s set last_seen_at = p_now
      from customers c
     where s.token_hash = p_token_hash and c.id = s.customer_id and s.ended_at is null
       and s.last_seen_at >= p_idle_since and s.created_at >= p_started_after and not c.web_blocked
    returning s.id into v_session;
  end if;
  if v_session is null then
    update sessions s set ended_at = p_now,
           end_reason = case when s.created_at < p_started_after then 'max'
                             when s.last_seen_at < p_idle_since then 'idle'
                             else 'blocked' end
     where s.token_hash = p_token_hash and s.ended_at is null;
    return;
  end if;
  id := v_session::text;
  customer_id := v_customer::text;
  kcode := v_kcode;
  own_accounts := null;
  if p_with_accounts then
    select coalesce(json_agg(json_build_object('number', a.number, 'currency', a.currency, 'balance', a.balance::text)), '[]'::json)
      into own_accounts
      from accounts a where a.kind = 'customer' and a.customer_id = v_customer;
  end if;
  return next;
end
$$;
