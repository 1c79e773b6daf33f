-- A confirm with the right code and the funds is ONE statement (issue 23: a complete transfer's
-- round trips to the database). Before, it was a transaction of four round trips: BEGIN,
-- transfer_confirm_lock, transfer_execute, COMMIT, because the French texts of its notifications
-- and messages are made by the server and need the balance after the debit, known only under the
-- accounts' locks. Now the server gives its catalogue's texts as templates (each value read from
-- the database marked by its name between two U+0001 characters), and transfer_confirm fills them
-- under the locks, in one call, atomic by itself (no BEGIN and COMMIT).
--
-- transfer_confirm does only the confirm that moves money: the transfer pending, not expired, the
-- code's hash the stored one, the balance covering the debit. Anything else (an unknown reference,
-- executed or cancelled already, expired, a wrong code, the funds short) answers 'other' and writes
-- nothing; the server then runs the confirm's transaction of 014–018 (transfer_confirm_lock, the
-- checks in TypeScript, the constant-time comparison), which decides and answers as before. Same
-- lock order (docs/server.md): the pending transfer's row (3), then both accounts in id order
-- FOR NO KEY UPDATE (4); the writes are transfer_execute's (054), called here.

-- The French format of money of server/domain/money.ts (formatMoney): "-1 234,56 USD", groups of
-- three digits separated by a plain space, a comma before the cents, then the currency's ISO code.
-- PL/pgSQL rather than SQL, as the two below: its plans are kept per connection, where a SQL
-- function called from PL/pgSQL is parsed and planned again at each transaction.
create function format_money(p_amount numeric, p_iso text) returns text
language plpgsql immutable
as $$
declare
  v_digits text := abs(p_amount)::numeric(20, 2)::text;
begin
  return case when p_amount < 0 then '-' else '' end
      || regexp_replace(split_part(v_digits, '.', 1), '([0-9])(?=([0-9]{3})+$)', '\1 ', 'g')
      || ',' || split_part(v_digits, '.', 2) || ' ' || p_iso;
end
$$;

-- A template filled in one pass: the pieces between U+0001 characters alternate text and a value's
-- name (text, name, text, …); a value is put in as it is, never read again, so a value holding a
-- U+0001 or a name changes nothing else.
create function fill_template(p_template text, p_names text[], p_values text[]) returns text
language plpgsql immutable
as $$
declare
  v_pieces text[] := string_to_array(p_template, chr(1));
  v_text text := '';
begin
  for i in 1 .. coalesce(array_length(v_pieces, 1), 0) loop
    v_text := v_text || case when i % 2 = 1 then v_pieces[i] else coalesce(p_values[array_position(p_names, v_pieces[i])], '') end;
  end loop;
  return v_text;
end
$$;

-- p_texts, in this order: the done notification's title and content, the received notification's
-- title and content, the SMS, the e-mail's subject and body, the debit line, the credit line.
-- Names: name (the customer's), payee, amount (sent, in the currency sent), debit (debited, in the
-- debit account's currency), balance (the debit account's after), reference, debitAccount (its
-- number), description. p_iso_codes/p_iso_names: the currencies' ISO codes (money.ts), p_iso_other
-- for any other code.
create function transfer_confirm(
  p_reference text, p_customer bigint, p_kind text, p_now timestamptz, p_code_hash text,
  p_texts text[], p_iso_codes text[], p_iso_names text[], p_iso_other text,
  p_leased text[], p_lease_seconds integer
) returns table (
  status text, reference text, amount text, currency_sent text, payee text, debited text, currency text,
  outbox_ids bigint[], channels text[], recipients text[], subjects text[], bodies text[]
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
  v_debit record;
  v_credit record;
  v_names text[] := array['name', 'payee', 'amount', 'debit', 'balance', 'reference', 'debitAccount', 'description'];
  v_values text[];
  v_notice_customers bigint[];
  v_notice_titles text[];
  v_notice_contents text[];
  v_moved record;
begin
  status := 'other';
  select p.id, p.customer_id, p.kind into v_id, v_customer, v_kind
    from pending_transfers p where p.reference = p_reference;
  if v_id is null or v_customer <> p_customer or v_kind <> p_kind or p_code_hash is null then
    return next;
    return;
  end if;
  -- Lock 3: the pending transfer's row.
  select p.id, p.reference, p.customer_id, p.kind, p.debit_account_id, p.credit_account_id, p.payee, p.amount,
         p.currency_sent, p.debit_amount, p.description, p.code_hash, p.state, p.expires_at, c.name, c.phone, c.email
    into v_row
    from pending_transfers p join customers c on c.id = p.customer_id
   where p.id = v_id
     for update of p;
  if not found or v_row.state <> 'pending' or p_now >= v_row.expires_at or v_row.code_hash is distinct from p_code_hash then
    return next;
    return;
  end if;
  -- Lock 4: both accounts, in id order.
  perform 1 from accounts a where a.id in (v_row.debit_account_id, v_row.credit_account_id) order by a.id for no key update;
  select a.id, a.number, a.currency, a.balance into v_debit from accounts a where a.id = v_row.debit_account_id;
  select a.id, a.kind, a.customer_id into v_credit from accounts a where a.id = v_row.credit_account_id;
  if v_debit.balance < v_row.debit_amount then
    return next;
    return;
  end if;
  v_values := array[
    v_row.name, v_row.payee,
    format_money(v_row.amount, coalesce(p_iso_names[array_position(p_iso_codes, v_row.currency_sent)], p_iso_other)),
    format_money(v_row.debit_amount, coalesce(p_iso_names[array_position(p_iso_codes, v_debit.currency)], p_iso_other)),
    format_money(v_debit.balance - v_row.debit_amount, coalesce(p_iso_names[array_position(p_iso_codes, v_debit.currency)], p_iso_other)),
    v_row.reference, v_debit.number, v_row.description];
  v_notice_customers := array[v_row.customer_id];
  v_notice_titles := array[p_texts[1]];
  v_notice_contents := array[fill_template(p_texts[2], v_names, v_values)];
  if v_credit.kind = 'customer' and v_credit.customer_id is not null then
    v_notice_customers := v_notice_customers || v_credit.customer_id;
    v_notice_titles := v_notice_titles || p_texts[3];
    v_notice_contents := v_notice_contents || fill_template(p_texts[4], v_names, v_values);
  end if;
  channels := '{}';
  recipients := '{}';
  subjects := '{}';
  bodies := '{}';
  if v_row.phone is not null then
    channels := channels || 'sms'::text;
    recipients := recipients || v_row.phone;
    subjects := subjects || null::text;
    bodies := bodies || fill_template(p_texts[5], v_names, v_values);
  end if;
  if v_row.email is not null then
    channels := channels || 'email'::text;
    recipients := recipients || v_row.email;
    subjects := subjects || p_texts[6];
    bodies := bodies || fill_template(p_texts[7], v_names, v_values);
  end if;
  select * into v_moved
    from transfer_execute(v_row.id, v_debit.id, v_row.credit_account_id, v_row.debit_amount, v_row.reference, v_row.kind,
                          v_row.description, p_now, fill_template(p_texts[8], v_names, v_values), fill_template(p_texts[9], v_names, v_values),
                          v_notice_customers, v_notice_titles, v_notice_contents, channels, recipients, subjects, bodies,
                          p_leased, p_lease_seconds);
  status := 'done';
  reference := v_row.reference;
  amount := v_row.amount::text;
  currency_sent := v_row.currency_sent;
  payee := v_row.payee;
  debited := v_moved.debited;
  currency := v_debit.currency;
  outbox_ids := v_moved.outbox_ids;
  return next;
end
$$;
