-- Throttles of the asks that send a code by SMS and e-mail (rulings §4): the PIN-reset ask (per
-- user code, no sign-in needed) and the transfer asks (per customer, the three kinds together).
-- One row per ask that was let through, kept in the database so that the count holds across
-- restarts and across several servers on one PostgreSQL. A refused ask writes no row. Rows older
-- than the window are deleted by later asks (domain/throttles.ts).

create table ask_throttle (
  id bigserial primary key,
  scope text not null check (scope in ('pin_reset', 'transfer')),
  -- pin_reset: the user code as asked, trimmed and upper-cased (also an unknown or blank one, so
  -- that it is throttled alike; the contract allows 32 characters); transfer: the customer's id
  target text not null check (length(target) <= 200),
  asked_at timestamptz not null
);
-- the count of one target's asks in the window
create index ask_throttle_target on ask_throttle (scope, target, asked_at);
-- the sweep of rows out of every window
create index ask_throttle_asked_at on ask_throttle (scope, asked_at);
