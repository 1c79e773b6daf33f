-- Hardening against attack (docs/security.md).
--
-- 1. Per-address limits of the public calls and of the holder lookups: one row per (scope, client
--    address, fixed window) holding the count of calls, incremented by an upsert (atomic under
--    concurrency, shared by every server process on one PostgreSQL). Rows of past windows are
--    swept by later calls (domain/address-limits.ts).
create table address_hits (
  scope text not null check (scope in ('signin', 'pin_reset_ask', 'pin_reset_confirm', 'details')),
  address text not null check (length(address) <= 100),
  window_start timestamptz not null,
  hits integer not null,
  primary key (scope, address, window_start)
);
create index address_hits_window_start on address_hits (window_start);

-- 2. The sign-in lock-out: consecutive wrong PINs per user code as typed (trimmed, upper-cased,
--    known or not, so that answers never tell which codes exist) and client address, plus one row
--    per user code with address '*' counting them from every address. 5 from one address block
--    that address; 10 from all addresses block the access everywhere; from the 5th the next try
--    waits (domain/lockout.ts). A PIN reset deletes the code's rows; a success its address's row
--    and the '*' count.
create table signin_failures (
  kcode text not null check (length(kcode) <= 200),
  address text not null check (length(address) <= 100),
  failures integer not null default 0,
  last_failed_at timestamptz,
  primary key (kcode, address)
);
