-- The ask in one statement (issue 23; docs/decisions.md, "The ask is one statement when it sends a
-- code"): an ask that passes every check and sends its code was two calls, the context
-- (transfer_ask_context, 018) and then the write (transfer_ask_write, 054); it is now one call of
-- transfer_ask, which reads the context, decides, and writes. A complete transfer as a customer
-- calls it is then two statements.
--
-- transfer_ask decides only what it can decide alone: the module on, the debit account the
-- customer's and in the currency of the form, the account credited (an account transfer's: another
-- account in the same currency; a mobile or card transfer's: the network's, the currency sent
-- offered), no conversion (the currency sent is the debit account's), the funds there, and a phone
-- or an e-mail to send the code to. Then it takes the throttle's lock and count as
-- transfer_ask_write does (the lock first, alone in its statement, so that take_ask's count sees
-- every ask committed before it), and when the ask is let through writes the pending transfer and
-- its messages, their texts filled from the catalogue's templates (055's fill_template: the
-- customer's name, the payee, the debit account's number). It answers status 'done', whether the
-- ask was let through, and the messages it wrote (their ids, channels, recipients, subjects and
-- texts: the server sends those leased to it at once).
--
-- Anything else — a refusal, a conversion — writes nothing and answers status 'other' with the
-- context it read, and the server goes on as before with it: its checks, in the order of the
-- refusals, and transfer_ask_write for an ask with a conversion. So a refusal is still one
-- statement, and an ask with a conversion still two.
--
-- The throttle's target is the customer (throttles.ts: scope 'transfer', target her id, the lock's
-- name "transfer:<id>"), computed here from the customer found, as the signed call does not know
-- her before the statement.

create function transfer_ask(
  p_customer bigint,
  p_module text, p_debit_number text, p_credit_number text, p_currency_sent text, p_wallet boolean, p_network text,
  p_now timestamptz,
  p_currency text, p_amount numeric,
  p_lock_key integer, p_window_start timestamptz, p_max integer, p_sweep integer,
  p_reference text, p_kind text, p_payee text, p_payee_key text, p_description text,
  p_code_hash text, p_tries integer, p_expires_at timestamptz,
  p_texts text[],
  p_leased text[], p_lease_seconds integer
) returns table (
  enabled boolean, name text, phone text, email text,
  d_id text, d_number text, d_currency text, d_balance text,
  cr_id text, cr_number text, cr_currency text, cr_holder_label text,
  offered boolean, rate text,
  status text, taken boolean, expired boolean, outbox_ids bigint[], channels text[], recipients text[], subjects text[], bodies text[]
)
language plpgsql volatile
set plan_cache_mode = force_generic_plan
set enable_seqscan = off
as $$
#variable_conflict use_column
declare
  x record;
  v_target text := p_customer::text;
  v_payee text;
  v_values text[];
  v_channels text[] := '{}';
  v_recipients text[] := '{}';
  v_subjects text[] := '{}';
  v_bodies text[] := '{}';
begin
  select * into x
    from transfer_ask_context(p_customer, p_module, p_debit_number, p_credit_number, p_currency_sent, p_wallet, p_network, p_now);
  if not found then
    return;
  end if;
  enabled := x.enabled; name := x.name; phone := x.phone; email := x.email;
  d_id := x.d_id; d_number := x.d_number; d_currency := x.d_currency; d_balance := x.d_balance;
  cr_id := x.cr_id; cr_number := x.cr_number; cr_currency := x.cr_currency; cr_holder_label := x.cr_holder_label;
  offered := x.offered; rate := x.rate;
  status := 'other';
  if not (x.enabled and x.d_id is not null and x.d_currency = p_currency and x.cr_id is not null
          and case when p_credit_number is not null then x.cr_id <> x.d_id and x.cr_currency = x.d_currency
                   else x.offered and p_network is not null and p_currency_sent = x.d_currency end
          and x.d_balance::numeric >= p_amount
          and (coalesce(x.phone, '') <> '' or coalesce(x.email, '') <> '')) then
    return next;
    return;
  end if;

  status := 'done';
  perform pg_advisory_xact_lock(p_lock_key, hashtext('transfer:' || v_target));
  if not take_ask('transfer', v_target, p_window_start, p_now, p_max, p_sweep) then
    taken := false;
    expired := false;
    return next;
    return;
  end if;
  -- An account transfer's payee is the account credited; a mobile or card transfer's is given.
  v_payee := coalesce(p_payee, x.cr_holder_label);
  insert into pending_transfers (reference, customer_id, kind, debit_account_id, credit_account_id, payee, payee_key,
    amount, currency_sent, debit_amount, rate, description, code_hash, tries_left, expires_at, created_at)
  values (p_reference, p_customer, p_kind, x.d_id::bigint, x.cr_id::bigint, v_payee, coalesce(p_payee_key, x.cr_number),
    p_amount, x.d_currency, p_amount, null, p_description, p_code_hash, p_tries, p_expires_at, p_now);
  -- p_texts, in this order: the SMS, the e-mail's subject and body. Names: name (the customer's),
  -- payee, debitAccount (the debit account's number).
  v_values := array[x.name, v_payee, x.d_number];
  if coalesce(x.phone, '') <> '' then
    v_channels := v_channels || 'sms'::text;
    v_recipients := v_recipients || x.phone;
    v_subjects := v_subjects || null::text;
    v_bodies := v_bodies || fill_template(p_texts[1], array['name', 'payee', 'debitAccount'], v_values);
  end if;
  if coalesce(x.email, '') <> '' then
    v_channels := v_channels || 'email'::text;
    v_recipients := v_recipients || x.email;
    v_subjects := v_subjects || p_texts[2];
    v_bodies := v_bodies || fill_template(p_texts[3], array['name', 'payee', 'debitAccount'], v_values);
  end if;
  outbox_ids := outbox_write(p_now, v_channels, v_recipients, v_subjects, v_bodies, p_leased, p_lease_seconds);
  channels := v_channels; recipients := v_recipients; subjects := v_subjects; bodies := v_bodies;
  taken := true;
  expired := exists (select 1 from pending_transfers p where p.state = 'pending' and p.expires_at <= p_now);
  return next;
end
$$;

-- 059's signed call: the session read first, as transfer_ask_context_signed reads it (no row when
-- it cannot decide; must_change_pin alone when the PIN must be changed), then transfer_ask.
create function transfer_ask_signed(
  p_token_hash text, p_idle_since timestamptz, p_started_after timestamptz, p_stale_before timestamptz,
  p_module text, p_debit_number text, p_credit_number text, p_currency_sent text, p_wallet boolean, p_network text,
  p_now timestamptz,
  p_currency text, p_amount numeric,
  p_lock_key integer, p_window_start timestamptz, p_max integer, p_sweep integer,
  p_reference text, p_kind text, p_payee text, p_payee_key text, p_description text,
  p_code_hash text, p_tries integer, p_expires_at timestamptz,
  p_texts text[],
  p_leased text[], p_lease_seconds integer
) returns table (
  session_id text, customer_id text, kcode text, must_change_pin boolean,
  enabled boolean, name text, phone text, email text,
  d_id text, d_number text, d_currency text, d_balance text,
  cr_id text, cr_number text, cr_currency text, cr_holder_label text,
  offered boolean, rate text,
  status text, taken boolean, expired boolean, outbox_ids bigint[], channels text[], recipients text[], subjects text[], bodies text[]
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
         x.cr_id, x.cr_number, x.cr_currency, x.cr_holder_label, x.offered, x.rate,
         x.status, x.taken, x.expired, x.outbox_ids, x.channels, x.recipients, x.subjects, x.bodies
    from transfer_ask(v.customer_id, p_module, p_debit_number, p_credit_number, p_currency_sent, p_wallet, p_network, p_now,
                      p_currency, p_amount, p_lock_key, p_window_start, p_max, p_sweep,
                      p_reference, p_kind, p_payee, p_payee_key, p_description, p_code_hash, p_tries, p_expires_at,
                      p_texts, p_leased, p_lease_seconds) x;
end
$$;
