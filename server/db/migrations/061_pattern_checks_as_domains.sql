-- The pattern checks of three columns as domains (issue 23; docs/decisions.md, "Pattern checks as
-- domains"): an account's number, a transfer's reference and its code's hash keep their patterns,
-- now checked where a statement assigns the column, not at every update of the row.
--
-- PostgreSQL checks every CHECK constraint of a table at each insert and at each update of a row,
-- whatever the columns set, and builds them again from their stored text at each execution (the
-- executor's set-up): a complete transfer updated the two accounts' balances and the transfer's
-- state, and so matched the account number and the transfer's reference and hash against their
-- regular expressions four times more than it wrote them. A domain's check runs where a value is
-- made of that type: an insert, or an update that sets that column. Measured alone on one connection
-- (scripts/bench/pg-cost.ts, 28 November): without the three checks PostgreSQL's CPU a complete
-- transfer was 1.11–1.17 ms against 1.24–1.31.
--
-- The values are the same text (a domain over text: no table is rewritten, the indexes are kept);
-- what every query reads is unchanged. A function that returns such a column through RETURN QUERY
-- must give its declared type: transfer_ask_context (018) casts the two numbers it returns, the
-- rest of it unchanged.

create domain account_number as text check (value ~ '^[0-9A-Z]{21}$');
create domain transfer_reference as text check (value ~ '^[A-Z0-9]{8,64}$');
create domain code_hash as text check (value ~ '^[0-9a-f]{64}$');

alter table accounts drop constraint accounts_number_check, alter column number type account_number;
alter table pending_transfers
  drop constraint pending_transfers_reference_check, alter column reference type transfer_reference,
  drop constraint pending_transfers_code_hash_check, alter column code_hash type code_hash;

-- 018's, the numbers cast to text; its settings those 056 gave it (a replaced function keeps only
-- the settings its definition names).
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
set enable_seqscan = off
as $$
#variable_conflict use_column
begin
  return query
  select exists (select 1 from customer_modules m where m.customer_id = c.id and m.module = p_module),
         c.name, c.phone, c.email,
         d.id::text, d.number::text, d.currency, d.balance::text,
         cr.id::text, cr.number::text, cr.currency, cr.holder_label,
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
