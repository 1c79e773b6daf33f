-- Money under concurrency on PostgreSQL with several server processes (docs/server.md, "Lock
-- order"). Three changes, each measured on PostgreSQL 15 with two server processes:
--
-- 1. No foreign-key lock inverts the accounts' lock order. The confirm locked both accounts
--    FOR UPDATE, which conflicts with the FOR KEY SHARE lock that every insert referencing an
--    account takes (a pending transfer's debit and credit accounts). An ask of the customer that
--    had taken KEY SHARE on her account and then waited for the settlement account, while a confirm
--    held the settlement account and waited for hers, was a deadlock (PostgreSQL's victim: the ask,
--    answered 500). The confirm changes balances, never keys: FOR NO KEY UPDATE is the lock an
--    UPDATE of a balance takes anyway, and it does not conflict with KEY SHARE, so an ask never
--    waits for a confirm and the cycle cannot form.
--
-- 2. No single-row hotspot for settlement. Every mobile-money or card transfer credited the one
--    settlement account of its network and currency, and all customers queued behind that row's
--    lock. A network's settlement account is now several rows (shards) of the same network and
--    currency, each an ordinary account with its own balance and ledger entries (so the books check
--    "balance = sum of its entries" holds per row, and every currency's total is unchanged); the
--    network's balance is their sum (view settlement_balances). A transfer credits the shard chosen
--    by its customer's id (modulo the number of shards): customers spread over the rows, and one
--    customer's transfers, which already queue behind her own account, add no second queue.
--    Existing settlement accounts numbered like the demo's (8 zeros at positions 13–20) get 15 more
--    shards here; a bank that numbers its settlement accounts otherwise adds shard rows of its own
--    (kind settlement, same network and currency, balance 0): the ask spreads over whatever rows
--    exist.
--
-- 3. Ledger lines carry the order in which money really moved. A line's booked_at was its
--    request's start time; two confirms on one account could book in one order and be dated in the
--    other, and statements (sorted by booked_at, id) showed a wrong running balance. Under the
--    accounts' locks the line is now dated at the later of the request's time and the latest line
--    of either account, so the date order of an account's lines is the order of its locks, and so
--    of its running balance (ties keep the id order, also given under the lock).

create index accounts_settlement on accounts (network, currency, id) where kind = 'settlement';

insert into accounts (number, currency, kind, holder_label, network, balance)
select overlay(a.number placing lpad(k::text, 8, '0') from 13 for 8), a.currency, 'settlement', a.holder_label, a.network, 0
  from accounts a cross join generate_series(1, 15) k
 where a.kind = 'settlement' and substr(a.number, 13, 8) = '00000000'
 order by a.id, k
on conflict (number) do nothing;

-- A network's settlement balance, summed over its rows when read.
create view settlement_balances as
select network, currency, sum(balance) as balance, count(*)::int as shards
  from accounts where kind = 'settlement'
 group by network, currency;

-- 014's, but the settlement account is the customer's shard of the network's rows.
create or replace function transfer_ask_context(
  p_customer bigint,
  p_module text,
  p_debit_number text,
  p_credit_number text,
  p_currency_sent text,
  p_wallet boolean,
  p_network text,
  p_now timestamptz
) returns table (
  enabled boolean, name text, phone text, email text,
  d_id text, d_number text, d_currency text, d_balance text,
  cr_id text, cr_number text, cr_currency text, cr_holder_label text,
  offered boolean, rate text
)
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
begin
  return query
  select exists (select 1 from customer_modules m where m.customer_id = c.id and m.module = p_module),
         c.name, c.phone, c.email,
         d.id::text, d.number, d.currency, d.balance::text,
         cr.id::text, cr.number, cr.currency, cr.holder_label,
         p_wallet is not null and exists (
           select 1 from currencies k
            where k.code = p_currency_sent and (case when p_wallet then k.wallet_enabled else k.card_enabled end)),
         (select x.rate::text from exchange_rates x
           where p_currency_sent is not null and p_currency_sent <> d.currency
             and x.from_currency = p_currency_sent and x.to_currency = d.currency and x.valid_from <= p_now
           order by x.valid_from desc limit 1)
    from customers c
    left join accounts d on d.number = p_debit_number and d.kind = 'customer' and d.customer_id = c.id
    left join lateral (
      select a.id, a.number, a.currency, a.holder_label from accounts a
       where p_credit_number is not null and a.number = p_credit_number and a.kind in ('customer', 'external')
      union all
      select s.id, s.number, s.currency, s.holder_label
        from (select a.id, a.number, a.currency, a.holder_label,
                     row_number() over (order by a.id) - 1 as n, count(*) over () as shards
                from accounts a
               where p_credit_number is null and a.kind = 'settlement' and a.network = p_network and a.currency = d.currency) s
       where s.n = p_customer % s.shards
    ) cr on true
   where c.id = p_customer;
end
$$;

-- 016's, with both accounts locked FOR NO KEY UPDATE (see 1. above).
create or replace function transfer_confirm_lock(
  p_reference text, p_customer bigint, p_kind text, p_now timestamptz, p_code_hash text
) returns table (
  id text, reference text, customer_id text, kind text, debit_account_id text, credit_account_id text, payee text,
  amount text, currency_sent text, debit_amount text, description text, code_hash text, tries_left integer, state text,
  cancel_reason text, expires_at timestamptz, name text, phone text, email text, accounts json
)
language plpgsql volatile
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
declare
  v_id bigint;
  v_customer bigint;
  v_kind text;
  v_row record;
begin
  select p.id, p.customer_id, p.kind into v_id, v_customer, v_kind
    from pending_transfers p where p.reference = p_reference;
  if v_id is null or v_customer <> p_customer or v_kind <> p_kind then
    return;
  end if;
  select p.id, p.reference, p.customer_id, p.kind, p.debit_account_id, p.credit_account_id, p.payee,
         p.amount, p.currency_sent, p.debit_amount, p.description, p.code_hash, p.tries_left, p.state,
         p.cancel_reason, p.expires_at, c.name, c.phone, c.email
    into v_row
    from pending_transfers p join customers c on c.id = p.customer_id
   where p.id = v_id
     for update of p;
  if not found then
    return;
  end if;
  id := v_row.id::text; reference := v_row.reference; customer_id := v_row.customer_id::text; kind := v_row.kind;
  debit_account_id := v_row.debit_account_id::text; credit_account_id := v_row.credit_account_id::text; payee := v_row.payee;
  amount := v_row.amount::text; currency_sent := v_row.currency_sent; debit_amount := v_row.debit_amount::text;
  description := v_row.description; code_hash := v_row.code_hash; tries_left := v_row.tries_left; state := v_row.state;
  cancel_reason := v_row.cancel_reason; expires_at := v_row.expires_at; name := v_row.name; phone := v_row.phone; email := v_row.email;
  accounts := null;
  if v_row.state = 'pending' and p_now < v_row.expires_at and v_row.code_hash = p_code_hash then
    select json_agg(json_build_object('id', a.id::text, 'number', a.number, 'currency', a.currency, 'kind', a.kind,
                                      'customer_id', a.customer_id::text, 'holder_label', a.holder_label, 'balance', a.balance::text)
                    order by a.id)
      into accounts
      from (select * from accounts a where a.id in (v_row.debit_account_id, v_row.credit_account_id) order by a.id for no key update) a;
  end if;
  return next;
end
$$;

-- 014's, with the lines dated in the order of the accounts' locks (see 3. above).
create or replace function transfer_execute(
  p_transfer bigint, p_debit bigint, p_credit bigint, p_amount numeric, p_reference text, p_kind text,
  p_description text, p_now timestamptz, p_debit_line text, p_credit_line text,
  p_notice_customers bigint[], p_notice_titles text[], p_notice_contents text[],
  p_channels text[], p_recipients text[], p_subjects text[], p_bodies text[]
) returns text
language plpgsql volatile
set plan_cache_mode = force_generic_plan
as $$
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
  insert into outbox (channel, recipient, subject, body, created_at)
  select m.channel, m.recipient, m.subject, m.body, p_now
    from unnest(p_channels, p_recipients, p_subjects, p_bodies) with ordinality as m (channel, recipient, subject, body, ord)
   order by m.ord;
  return v_debited::text;
end
$$;
