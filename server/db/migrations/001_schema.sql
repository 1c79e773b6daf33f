-- The schema of the whole product (spec §3, rulings §4), even where this issue uses only part of it.
-- Money is numeric(18,2): exact decimals, never floats (rulings §4).

-- Reference data ------------------------------------------------------------------------------

create table currencies (
  code text primary key check (code ~ '^[0-9]{1,4}$'),   -- '1' USD, '2' EUR, '3' CDF (spec §9)
  iso text not null unique check (iso ~ '^[A-Z]{3}$'),
  name text not null,
  -- offered for transfers to a mobile-money number (auth/v1/currencies/b2w)
  wallet_enabled boolean not null default false,
  -- offered for transfers to a prepaid card (auth/v1/currencies/b2c)
  card_enabled boolean not null default false
);

-- Conversion of mobile and card transfers (rulings §4): the rate in force is the newest valid_from
-- not in the future. 1 unit of from_currency = rate units of to_currency.
create table exchange_rates (
  id bigserial primary key,
  from_currency text not null references currencies (code),
  to_currency text not null references currencies (code),
  rate numeric(18, 8) not null check (rate > 0),
  valid_from timestamptz not null default now(),
  check (from_currency <> to_currency),
  unique (from_currency, to_currency, valid_from)
);

create table countries (
  code text primary key check (code ~ '^[A-Z]{2}$'),     -- ISO 3166-1 alpha-2
  name text not null unique                              -- French name
);

-- Customers -----------------------------------------------------------------------------------

create table customers (
  id bigserial primary key,
  kcode text not null unique,                            -- the user code, e.g. K1234567
  name text not null,
  pin_hash text not null,                                -- scrypt, see server/domain/pins.ts
  -- consecutive wrong PINs; 5 block the access until a PIN reset (rulings §4)
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  pin_blocked_at timestamptz,
  -- blocked by the bank: sign-in answers 401 without a code
  web_blocked boolean not null default false,
  email text,
  phone text,
  address text,
  country text references countries (code),
  created_at timestamptz not null default now()
);

create table customer_modules (
  customer_id bigint not null references customers (id) on delete cascade,
  module text not null check (module in ('solde', 'statement', 'transfert', 'mobile-money', 'card-visa')),
  primary key (customer_id, module)
);

-- The customer's photo (later issue): the bytes are checked on upload, served to the owner only.
create table customer_photos (
  id text primary key,                                   -- random, the id of photo/show/{id}
  customer_id bigint not null unique references customers (id) on delete cascade,
  media_type text not null check (media_type in ('image/jpeg', 'image/png', 'image/webp')),
  bytes bytea not null,
  created_at timestamptz not null default now()
);

-- Accounts and ledger -------------------------------------------------------------------------

-- kind: customer   an account of a portal customer (customer_id set)
--       external   another holder's account at the bank, creditable by transfer (holder_label only)
--       settlement where mobile-money or card transfers are credited, one per network and currency
--       internal   the bank's own accounts (cash, suspense, FX position): the other side of entries
create table accounts (
  id bigserial primary key,
  number text not null unique check (number ~ '^[0-9A-Z]{21}$'),
  currency text not null references currencies (code),
  kind text not null check (kind in ('customer', 'external', 'settlement', 'internal')),
  customer_id bigint references customers (id),
  holder_label text not null,                            -- answered by details as libelle
  network text,                                          -- settlement: mpesa, airtel, orange, africell, visa
  balance numeric(18, 2) not null default 0,
  created_at timestamptz not null default now(),
  check ((kind = 'customer') = (customer_id is not null)),
  check ((kind = 'settlement') = (network is not null)),
  -- a customer's account never goes below zero; the bank's own accounts may
  check (kind in ('settlement', 'internal') or balance >= 0)
);
create index accounts_customer on accounts (customer_id);

-- One row per movement of money; its sides are in ledger_entries and sum to zero per currency.
create table ledger_transactions (
  id bigserial primary key,
  reference text not null unique,                        -- num_transaction of statements
  kind text not null check (kind in ('opening', 'deposit', 'withdrawal', 'payment', 'fee', 'transfer', 'wallet', 'card')),
  description text not null,
  booked_at timestamptz not null default now()
);

create table ledger_entries (
  id bigserial primary key,
  transaction_id bigint not null references ledger_transactions (id),
  account_id bigint not null references accounts (id),
  amount numeric(18, 2) not null check (amount <> 0),    -- signed: credit > 0, debit < 0
  balance_after numeric(18, 2) not null,                 -- running balance of the account (solde)
  booked_at timestamptz not null
);
create index ledger_entries_account on ledger_entries (account_id, booked_at, id);
create index ledger_entries_transaction on ledger_entries (transaction_id);

-- Sessions, notifications, outbox -------------------------------------------------------------

create table sessions (
  id bigserial primary key,
  token_hash text not null unique,                       -- hex SHA-256 of the bearer token; the token itself is never stored
  customer_id bigint not null references customers (id),
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  ended_at timestamptz,
  end_reason text check (end_reason in ('logout', 'idle', 'max', 'fault', 'blocked'))
);
create index sessions_customer on sessions (customer_id);

create table notifications (
  id bigserial primary key,
  customer_id bigint not null references customers (id),
  title text not null,
  content text not null,
  created_at timestamptz not null default now(),
  seen_at timestamptz                                    -- null: not seen yet
);
create index notifications_customer on notifications (customer_id, created_at desc, id desc);

-- SMS and e-mails, written in the transaction of the change that causes them (rulings §4); a
-- sender delivers them and sets sent_at. In demo mode /__dev/outbox shows them.
create table outbox (
  id bigserial primary key,
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  subject text,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  last_error text
);
create index outbox_unsent on outbox (id) where sent_at is null;

-- Single values the server keeps (such as when the demo data was loaded).
create table app_state (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);
