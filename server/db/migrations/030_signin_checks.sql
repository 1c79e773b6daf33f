-- The sign-in lock-out, second design (docs/security.md, "The lock-out"; domain/lockout.ts).
--
-- 1. Checks in flight: a try takes a row here before its PIN is checked and gives it back when its
--    outcome is recorded (a wrong PIN is counted in signin_failures only then). A try may start
--    only while the failures plus the checks in flight stay under each limit (5 from its address,
--    10 from every address together), so parallel guesses stay bounded as before, while parallel
--    sign-ins with the right PIN wait for a check to end instead of being refused. Shared by every
--    server process on one PostgreSQL. A row left by a crashed process is ignored and deleted after
--    a minute (a check that never answered told its sender nothing).
create table signin_checks (
  id bigint generated always as identity primary key,
  kcode text not null check (length(kcode) <= 200),
  address text not null check (length(address) <= 100),
  started_at timestamptz not null
);
create index signin_checks_kcode on signin_checks (kcode, address);

-- 2. Addresses from which a customer signed in with the right PIN (rulings §9.6): there, failures
--    from other addresses never make her wait; her own failures there still count, and the block
--    after 10 failures from every address together still holds. Remembered 180 days after the
--    last success there (rows older are deleted at her next success).
create table signin_known_addresses (
  customer_id bigint not null references customers (id) on delete cascade,
  address text not null check (length(address) <= 100),
  last_signed_in_at timestamptz not null,
  primary key (customer_id, address)
);
