-- Temporary PIN (rulings §9.5): the PIN sent after a reset is valid for one sign-in only, and that
-- session may do nothing but change it.
--
-- customers.pin_temporary: 'sent' once a reset sent a new PIN; 'used' once a sign-in used it (a
-- second sign-in with it is refused: a new reset is needed); null again once the customer chose her
-- own PIN (change-password). resume_session (013) also answers must_change_pin, read by the bearer
-- check of every customer call in the same statement as the session: until the PIN is changed,
-- every customer call but change-password, logout and keep-alive answers 403 code '3'.
alter table customers add column pin_temporary text check (pin_temporary in ('sent', 'used'));

drop function resume_session(text, timestamptz, timestamptz, timestamptz, timestamptz, boolean);
create function resume_session(
  p_token_hash text,
  p_now timestamptz,
  p_idle_since timestamptz,
  p_started_after timestamptz,
  p_stale_before timestamptz,
  p_with_accounts boolean
) returns table (id text, customer_id text, kcode text, own_accounts json, must_change_pin boolean)
language plpgsql volatile
as $$
#variable_conflict use_column
declare
  v_session bigint;
  v_customer bigint;
  v_kcode text;
  v_fresh boolean;
  v_must_change boolean;
begin
  select s.id, c.id, c.kcode, s.last_seen_at >= p_stale_before, c.pin_temporary is not null
    into v_session, v_customer, v_kcode, v_fresh, v_must_change
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
  must_change_pin := v_must_change;
  own_accounts := null;
  if p_with_accounts then
    select coalesce(json_agg(json_build_object('number', a.number, 'currency', a.currency, 'balance', a.balance::text)), '[]'::json)
      into own_accounts
      from accounts a where a.kind = 'customer' and a.customer_id = v_customer;
  end if;
  return next;
end
$$;
