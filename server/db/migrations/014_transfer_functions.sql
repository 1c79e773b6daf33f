-- The statements of a transfer's ask and confirm (domain/transfers.ts) as PL/pgSQL functions, for
-- the reason of 013_resume_session.sql: PL/pgSQL keeps the plans of its statements for the
-- connection, so the transfer's large statements are no longer parsed and planned at each call,
-- and an ask is two calls without BEGIN and COMMIT (each call is atomic by itself).
-- The French texts stay in the server's catalogue: the server reads with one function, makes the
-- texts, and writes with another. Same rules as the statements they replace (rulings §4).

-- What an ask needs to know, read in one call: the module, the customer's contacts, the debit
-- account (the customer's own, by number), the account credited (account transfers: a customer's
-- or a payee's account by number; mobile and card: the network's settlement account in the debit
-- account's currency), whether the currency sent is offered for the kind (mobile and card), and
-- the latest rate from the currency sent to the debit account's currency when they differ.
-- Reads only: no lock, nothing written. No row: no such customer.
create function transfer_ask_context(
  p_customer bigint,
  p_module text,
  p_debit_number text,
  p_credit_number text,   -- account transfers only
  p_currency_sent text,   -- mobile and card only
  p_wallet boolean,       -- mobile: wallet_enabled; card: card_enabled; account: null
  p_network text,         -- mobile and card: the settlement network (null: no known network)
  p_now timestamptz
) returns table (
  enabled boolean, name text, phone text, email text,
  d_id text, d_number text, d_currency text, d_balance text,
  cr_id text, cr_number text, cr_currency text, cr_holder_label text,
  offered boolean, rate text
)
language plpgsql stable
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
      (select a.id, a.number, a.currency, a.holder_label from accounts a
        where p_credit_number is null and a.kind = 'settlement' and a.network = p_network and a.currency = d.currency
        order by a.id limit 1)
    ) cr on true
   where c.id = p_customer;
end
$$;

-- The ask's write, after its checks: the customer's throttle lock (held until this call's
-- transaction ends), then the count; only when the ask is let through: its throttle row, a batch
-- of throttle rows no window counts any more, the pending transfer and its messages (never a code
-- for a transfer that was not stored, never a stored transfer whose code was not sent). The same
-- rules as domain/throttles.ts (takeAskSql), whose statement this repeats in PL/pgSQL: in READ
-- COMMITTED each statement of a function takes its own snapshot, so the count, after the lock,
-- sees every ask committed before. Answers whether the ask was let through and whether pending
-- transfers have expired (the caller cancels them, with their notifications).
create function transfer_ask_write(
  p_lock_key integer, p_lock_name text,
  p_scope text, p_target text, p_window_start timestamptz, p_now timestamptz, p_max integer, p_sweep integer,
  p_reference text, p_customer bigint, p_kind text, p_debit bigint, p_credit bigint, p_payee text, p_payee_key text,
  p_amount numeric, p_currency_sent text, p_debit_amount numeric, p_rate numeric, p_description text,
  p_code_hash text, p_tries integer, p_expires_at timestamptz,
  p_channels text[], p_recipients text[], p_subjects text[], p_bodies text[]
) returns table (taken boolean, expired boolean)
language plpgsql volatile
as $$
#variable_conflict use_column
begin
  perform pg_advisory_xact_lock(p_lock_key, hashtext(p_lock_name));
  if (select count(*) from ask_throttle t where t.scope = p_scope and t.target = p_target and t.asked_at > p_window_start) >= p_max then
    taken := false;
    expired := false;
    return next;
    return;
  end if;
  insert into ask_throttle (scope, target, asked_at) values (p_scope, p_target, p_now);
  delete from ask_throttle where id in (
    select t.id from ask_throttle t where t.scope = p_scope and t.asked_at <= p_window_start order by t.id limit p_sweep for update skip locked);
  insert into pending_transfers (reference, customer_id, kind, debit_account_id, credit_account_id, payee, payee_key,
    amount, currency_sent, debit_amount, rate, description, code_hash, tries_left, expires_at, created_at)
  values (p_reference, p_customer, p_kind, p_debit, p_credit, p_payee, p_payee_key,
    p_amount, p_currency_sent, p_debit_amount, p_rate, p_description, p_code_hash, p_tries, p_expires_at, p_now);
  insert into outbox (channel, recipient, subject, body, created_at)
  select m.channel, m.recipient, m.subject, m.body, p_now
    from unnest(p_channels, p_recipients, p_subjects, p_bodies) with ordinality as m (channel, recipient, subject, body, ord)
   order by m.ord;
  taken := true;
  expired := exists (select 1 from pending_transfers p where p.state = 'pending' and p.expires_at <= p_now);
  return next;
end
$$;

-- The confirm's first call, in the confirm's transaction: the customer's transfer of that kind and
-- reference, locked (another customer's or another kind's is no row: "not found"), with the
-- customer's name and contacts; when it is pending, not expired and the code's hash is the stored
-- one, both accounts too, locked in id order (two transfers never deadlock), with their balances.
-- Decides nothing: the caller checks again, the code in constant time, and writes.
create function transfer_confirm_lock(
  p_reference text, p_customer bigint, p_kind text, p_now timestamptz, p_code_hash text
) returns table (
  id text, reference text, customer_id text, kind text, debit_account_id text, credit_account_id text, payee text,
  amount text, currency_sent text, debit_amount text, description text, code_hash text, tries_left integer, state text,
  cancel_reason text, expires_at timestamptz, name text, phone text, email text, accounts json
)
language plpgsql volatile
as $$
#variable_conflict use_column
declare
  v_row record;
begin
  select p.id, p.reference, p.customer_id, p.kind, p.debit_account_id, p.credit_account_id, p.payee,
         p.amount, p.currency_sent, p.debit_amount, p.description, p.code_hash, p.tries_left, p.state,
         p.cancel_reason, p.expires_at, c.name, c.phone, c.email
    into v_row
    from pending_transfers p join customers c on c.id = p.customer_id
   where p.reference = p_reference and p.customer_id = p_customer and p.kind = p_kind
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
      from (select * from accounts a where a.id in (v_row.debit_account_id, v_row.credit_account_id) order by a.id for update) a;
  end if;
  return next;
end
$$;

-- The confirm's write, under the locks of transfer_confirm_lock, once the balance was checked:
-- both balances moved, the ledger transaction with one entry per side and its running balance,
-- the transfer executed, the notifications and the messages (texts made by the server). Answers
-- the debit account's balance after.
create function transfer_execute(
  p_transfer bigint, p_debit bigint, p_credit bigint, p_amount numeric, p_reference text, p_kind text,
  p_description text, p_now timestamptz, p_debit_line text, p_credit_line text,
  p_notice_customers bigint[], p_notice_titles text[], p_notice_contents text[],
  p_channels text[], p_recipients text[], p_subjects text[], p_bodies text[]
) returns text
language plpgsql volatile
as $$
declare
  v_debited numeric;
  v_credited numeric;
  v_trx bigint;
begin
  update accounts set balance = balance - p_amount where id = p_debit returning balance into v_debited;
  update accounts set balance = balance + p_amount where id = p_credit returning balance into v_credited;
  insert into ledger_transactions (reference, kind, description, booked_at) values (p_reference, p_kind, p_description, p_now)
  returning id into v_trx;
  insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at, description)
  values (v_trx, p_debit, -p_amount, v_debited, p_now, p_debit_line),
         (v_trx, p_credit, p_amount, v_credited, p_now, p_credit_line);
  update pending_transfers set state = 'executed', executed_at = p_now, ledger_transaction_id = v_trx, balance_after = v_debited
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
