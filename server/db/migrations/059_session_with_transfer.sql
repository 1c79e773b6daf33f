-- The session checked in the transfer's own statement (issue 23; docs/decisions.md, "The session
-- check of a transfer rides on its statement"): an ask's context and a confirm that moves money each
-- read the caller's session first, in the same call, instead of a call of resume_session (013, 053)
-- before them. A complete transfer is then three statements instead of five.
--
-- Only a session that resume_session would answer without writing: live, not blocked, and refreshed
-- less than the touch interval ago (p_stale_before, later than p_idle_since). Anything else — no
-- such session, one to refresh, one to end — answers no row, and the caller checks the session on
-- its own with resume_session (which refreshes or ends it) before the operation, as every other
-- call does. So these functions never write the sessions table: the money path takes no lock of a
-- session row, and its lock order (domain/transfers.ts) stays as it was.
--
-- The session's lookup is resume_session's own statement, planned as resume_session's is: without
-- 056's settings (with sequential scans off, its generic plan on a nearly empty sessions table took
-- the customer index instead of the token's), so the functions that call it carry none either; the
-- transfer functions they call keep theirs.
--
-- A session whose PIN must be changed (rulings §9.5) answers its row with must_change_pin and
-- nothing else: the operation is not run, and the caller answers 403 code '3'.

-- The session both functions read: one row when it is live, not blocked and fresh; none otherwise.
create function fresh_session(
  p_token_hash text, p_idle_since timestamptz, p_started_after timestamptz, p_stale_before timestamptz
) returns table (session_id bigint, customer_id bigint, kcode text, must_change_pin boolean)
language plpgsql stable
as $$
begin
  return query
  select s.id, c.id, c.kcode, c.pin_temporary is not null
    from sessions s join customers c on c.id = s.customer_id
   where s.token_hash = p_token_hash and s.ended_at is null
     and s.last_seen_at >= p_stale_before and s.last_seen_at >= p_idle_since
     and s.created_at >= p_started_after and not c.web_blocked;
end
$$;

create function transfer_ask_context_signed(
  p_token_hash text, p_idle_since timestamptz, p_started_after timestamptz, p_stale_before timestamptz,
  p_module text, p_debit_number text, p_credit_number text, p_currency_sent text, p_wallet boolean, p_network text,
  p_now timestamptz
) returns table (
  session_id text, customer_id text, kcode text, must_change_pin boolean,
  enabled boolean, name text, phone text, email text,
  d_id text, d_number text, d_currency text, d_balance text,
  cr_id text, cr_number text, cr_currency text, cr_holder_label text,
  offered boolean, rate text
)
language plpgsql volatile
as $$
#variable_conflict use_column
declare
  v record;
begin
  select f.session_id, f.customer_id, f.kcode, f.must_change_pin into v
    from fresh_session(p_token_hash, p_idle_since, p_started_after, p_stale_before) f;
  if not found then
    return;
  end if;
  if v.must_change_pin then
    session_id := v.session_id::text;
    customer_id := v.customer_id::text;
    kcode := v.kcode;
    must_change_pin := true;
    return next;
    return;
  end if;
  return query
  select v.session_id::text, v.customer_id::text, v.kcode, false,
         x.enabled, x.name, x.phone, x.email, x.d_id, x.d_number, x.d_currency, x.d_balance,
         x.cr_id, x.cr_number, x.cr_currency, x.cr_holder_label, x.offered, x.rate
    from transfer_ask_context(v.customer_id, p_module, p_debit_number, p_credit_number, p_currency_sent, p_wallet, p_network, p_now) x;
end
$$;

create function transfer_confirm_signed(
  p_token_hash text, p_idle_since timestamptz, p_started_after timestamptz, p_stale_before timestamptz,
  p_reference text, p_kind text, p_now timestamptz, p_code_hash text,
  p_texts text[], p_iso_codes text[], p_iso_names text[], p_iso_other text,
  p_leased text[], p_lease_seconds integer
) returns table (
  session_id text, customer_id text, kcode text, must_change_pin boolean,
  status text, reference text, amount text, currency_sent text, payee text, debited text, currency text,
  outbox_ids bigint[], channels text[], recipients text[], subjects text[], bodies text[]
)
language plpgsql volatile
as $$
#variable_conflict use_column
declare
  v record;
begin
  select f.session_id, f.customer_id, f.kcode, f.must_change_pin into v
    from fresh_session(p_token_hash, p_idle_since, p_started_after, p_stale_before) f;
  if not found then
    return;
  end if;
  if v.must_change_pin then
    session_id := v.session_id::text;
    customer_id := v.customer_id::text;
    kcode := v.kcode;
    must_change_pin := true;
    return next;
    return;
  end if;
  return query
  select v.session_id::text, v.customer_id::text, v.kcode, false,
         x.status, x.reference, x.amount, x.currency_sent, x.payee, x.debited, x.currency,
         x.outbox_ids, x.channels, x.recipients, x.subjects, x.bodies
    from transfer_confirm(p_reference, v.customer_id, p_kind, p_now, p_code_hash, p_texts, p_iso_codes, p_iso_names, p_iso_other,
                          p_leased, p_lease_seconds) x;
end
$$;
