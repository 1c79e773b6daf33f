-- A transfer's messages are sent by the process that wrote them, at once, without a claim
-- (server/delivery/sender.ts, docs/server.md "Outbox"). The ask's and the confirm's functions
-- write the messages of the channels that process delivers already leased to it (attempts 1,
-- next_attempt_at a lease ahead, as a sender's claim leaves them) and answer their ids, in the
-- order of the messages given. Before, the process woke its sender, whose claim (a statement
-- that walks the due messages' index, about one a transfer under load) found them again. A message
-- of a channel the process does not deliver is written due now, as before; should the writer stop
-- before sending, its lease ends and any sender's poll sends it (at least once, as after a claim).
-- The rest of each function is 017's and 018's, unchanged.

drop function transfer_ask_write(integer, text, text, text, timestamptz, timestamptz, integer, integer,
  text, bigint, text, bigint, bigint, text, text, numeric, text, numeric, numeric, text, text, integer, timestamptz,
  text[], text[], text[], text[]);

create function transfer_ask_write(
  p_lock_key integer, p_lock_name text,
  p_scope text, p_target text, p_window_start timestamptz, p_now timestamptz, p_max integer, p_sweep integer,
  p_reference text, p_customer bigint, p_kind text, p_debit bigint, p_credit bigint, p_payee text, p_payee_key text,
  p_amount numeric, p_currency_sent text, p_debit_amount numeric, p_rate numeric, p_description text,
  p_code_hash text, p_tries integer, p_expires_at timestamptz,
  p_channels text[], p_recipients text[], p_subjects text[], p_bodies text[],
  p_leased text[], p_lease_seconds integer
) returns table (taken boolean, expired boolean, outbox_ids bigint[])
language plpgsql volatile
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
begin
  perform pg_advisory_xact_lock(p_lock_key, hashtext(p_lock_name));
  if not take_ask(p_scope, p_target, p_window_start, p_now, p_max, p_sweep) then
    taken := false;
    expired := false;
    return next;
    return;
  end if;
  insert into pending_transfers (reference, customer_id, kind, debit_account_id, credit_account_id, payee, payee_key,
    amount, currency_sent, debit_amount, rate, description, code_hash, tries_left, expires_at, created_at)
  values (p_reference, p_customer, p_kind, p_debit, p_credit, p_payee, p_payee_key,
    p_amount, p_currency_sent, p_debit_amount, p_rate, p_description, p_code_hash, p_tries, p_expires_at, p_now);
  outbox_ids := outbox_write(p_now, p_channels, p_recipients, p_subjects, p_bodies, p_leased, p_lease_seconds);
  taken := true;
  expired := exists (select 1 from pending_transfers p where p.state = 'pending' and p.expires_at <= p_now);
  return next;
end
$$;

-- The messages in the order given, those of the leased channels leased to the writer; their ids in that order.
create function outbox_write(
  p_now timestamptz, p_channels text[], p_recipients text[], p_subjects text[], p_bodies text[],
  p_leased text[], p_lease_seconds integer
) returns bigint[]
language sql volatile
as $$
  with written as (
    insert into outbox (channel, recipient, subject, body, created_at, attempts, next_attempt_at)
    select m.channel, m.recipient, m.subject, m.body, p_now,
           case when m.channel = any (p_leased) then 1 else 0 end,
           case when m.channel = any (p_leased) then now() + make_interval(secs => p_lease_seconds) else now() end
      from unnest(p_channels, p_recipients, p_subjects, p_bodies) with ordinality as m (channel, recipient, subject, body, ord)
     order by m.ord
    returning id)
  select coalesce(array_agg(id order by id), '{}') from written
$$;

drop function transfer_execute(bigint, bigint, bigint, numeric, text, text, text, timestamptz, text, text,
  bigint[], text[], text[], text[], text[], text[], text[]);

create function transfer_execute(
  p_transfer bigint, p_debit bigint, p_credit bigint, p_amount numeric, p_reference text, p_kind text,
  p_description text, p_now timestamptz, p_debit_line text, p_credit_line text,
  p_notice_customers bigint[], p_notice_titles text[], p_notice_contents text[],
  p_channels text[], p_recipients text[], p_subjects text[], p_bodies text[],
  p_leased text[], p_lease_seconds integer
) returns table (debited text, outbox_ids bigint[])
language plpgsql volatile
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
declare
  v_debited numeric;
  v_credited numeric;
  v_trx bigint;
  v_booked timestamptz;
begin
  v_booked := greatest(
    p_now,
    (select e.booked_at from ledger_entries e where e.account_id = p_debit order by e.booked_at desc, e.id desc limit 1),
    (select e.booked_at from ledger_entries e where e.account_id = p_credit order by e.booked_at desc, e.id desc limit 1));
  update accounts set balance = balance - p_amount where id = p_debit returning balance into v_debited;
  update accounts set balance = balance + p_amount where id = p_credit returning balance into v_credited;
  insert into ledger_transactions (reference, kind, description, booked_at) values (p_reference, p_kind, p_description, v_booked)
  returning id into v_trx;
  insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at, description)
  values (v_trx, p_debit, -p_amount, v_debited, v_booked, p_debit_line),
         (v_trx, p_credit, p_amount, v_credited, v_booked, p_credit_line);
  update pending_transfers set state = 'executed', executed_at = v_booked, ledger_transaction_id = v_trx, balance_after = v_debited
   where id = p_transfer;
  insert into notifications (customer_id, title, content, created_at)
  select n.customer_id, n.title, n.content, p_now
    from unnest(p_notice_customers, p_notice_titles, p_notice_contents) with ordinality as n (customer_id, title, content, ord)
   order by n.ord;
  outbox_ids := outbox_write(p_now, p_channels, p_recipients, p_subjects, p_bodies, p_leased, p_lease_seconds);
  debited := v_debited::text;
  return next;
end
$$;
