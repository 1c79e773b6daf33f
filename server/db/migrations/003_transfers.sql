-- Transfers with a validation code (spec §1, §4; rulings §4): a transfer is asked (pending, a code
-- sent by SMS and e-mail), then confirmed with the code, which moves the money, or cancelled.

create table pending_transfers (
  id bigserial primary key,
  -- random and not guessable: the `code` of the ask answer, sent back at confirm; also the
  -- reference of the ledger transaction (num_transaction of statements) and of the receipt
  reference text not null unique check (reference ~ '^[A-Z0-9]{8,64}$'),
  customer_id bigint not null references customers (id),
  kind text not null check (kind in ('transfer', 'wallet', 'card')),
  debit_account_id bigint not null references accounts (id),
  -- transfer: the payee's account; wallet and card: the settlement account of the network, in the
  -- debit account's currency (so that the sum of balances per currency never changes)
  credit_account_id bigint not null references accounts (id),
  -- what the customer sees as the payee: holder label, phone number, "carte 12345678 ****1234"
  payee text not null,
  -- what used-freq counts: credited account number (transfer), phone (wallet), card id (card)
  payee_key text not null,
  amount numeric(18, 2) not null check (amount > 0),              -- in currency_sent
  currency_sent text not null references currencies (code),
  debit_amount numeric(18, 2) not null check (debit_amount > 0),  -- in the debit account's currency
  rate numeric(18, 8),                                            -- set when converted
  description text not null,
  -- HMAC-SHA256 of "<reference>:<code>" (hex) under the server's code secret; the code itself is
  -- never stored
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  tries_left integer not null check (tries_left >= 0),
  state text not null default 'pending' check (state in ('pending', 'executed', 'cancelled')),
  cancel_reason text check (cancel_reason in ('expired', 'wrong_code', 'insufficient_funds')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  executed_at timestamptz,
  cancelled_at timestamptz,
  ledger_transaction_id bigint references ledger_transactions (id),
  balance_after numeric(18, 2),                                   -- the debit account's, once executed
  check (debit_account_id <> credit_account_id),
  check ((state = 'executed') = (executed_at is not null and ledger_transaction_id is not null and balance_after is not null)),
  check ((state = 'cancelled') = (cancelled_at is not null and cancel_reason is not null))
);
create index pending_transfers_customer on pending_transfers (customer_id, kind, state);
create index pending_transfers_open on pending_transfers (expires_at) where state = 'pending';

-- Each side of a movement may say it in its own words ("Transfert vers …" / "Transfert de …");
-- statements show coalesce(ledger_entries.description, ledger_transactions.description).
alter table ledger_entries add column description text;
