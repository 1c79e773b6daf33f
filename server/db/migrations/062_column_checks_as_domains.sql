-- The one-column checks of the tables a transfer writes, as domains (issue 23; docs/decisions.md,
-- "Column checks as domains"), as 061 did for three patterns: a transfer's kind, state, cancel
-- reason, amounts and tries left; a message's channel and state; a throttle's scope and target. The
-- same values are refused, now where a statement makes a value of the column (an insert, an update
-- that sets it), no longer at every insert and update of the row.
--
-- PostgreSQL builds each CHECK constraint of a table again from its stored text, and plans it, at
-- every statement that inserts or updates rows of that table (the executor's set-up), whatever the
-- columns set: a complete transfer built thirty-four (a transfer's nine at its insert and again at
-- its update, an account's four at each of its two balance updates, the throttle's two, the
-- messages' two at each of their two inserts, the ledger's two); now sixteen. A domain's check is
-- built once per connection (the type cache). Measured alone on one connection
-- (scripts/bench/pg-cost.ts, 28 November, alternated): PostgreSQL's CPU a complete transfer
-- 1.09–1.14 ms against 1.14–1.33 (1.01–1.12 with no check at all on these tables);
-- docs/performance.md ("28 November, last").
--
-- The checks that tie several columns together stay table checks (they cannot be domains): a
-- transfer's debit and credit accounts differ, an executed or cancelled transfer has the columns
-- that say so; a customer's account has a customer, a settlement account a network, and no
-- customer's balance goes below 0 (checked at each update of a balance, as it must be). An
-- account's kind keeps its table check too: a view reads the column (018's settlement_balances),
-- and the column's type cannot change under a view without the view dropped and made again,
-- losing what a bank granted on it, for two checks a transfer.
--
-- No table is rewritten: each domain is made without its check, the columns take it (the same type
-- underneath, so rows and indexes stay; only the partial indexes whose predicate reads a state are
-- built again: the pending transfers' expiries, the outbox's due and dead messages), then the check
-- is added to the domain, which PostgreSQL validates by reading the rows once.

create domain transfer_kind as text;
create domain transfer_state as text;
create domain transfer_cancel_reason as text;
create domain transfer_amount as numeric(18, 2);
create domain transfer_tries as integer;
create domain message_channel as text;
create domain message_state as text;
create domain throttle_scope as text;
create domain throttle_target as text;

alter table pending_transfers
  drop constraint pending_transfers_kind_check, alter column kind type transfer_kind,
  drop constraint pending_transfers_state_check, alter column state type transfer_state,
  drop constraint pending_transfers_cancel_reason_check, alter column cancel_reason type transfer_cancel_reason,
  drop constraint pending_transfers_amount_check, alter column amount type transfer_amount,
  drop constraint pending_transfers_debit_amount_check, alter column debit_amount type transfer_amount,
  drop constraint pending_transfers_tries_left_check, alter column tries_left type transfer_tries;

alter table outbox
  drop constraint outbox_channel_check, alter column channel type message_channel,
  drop constraint outbox_state_check, alter column state type message_state;

alter table ask_throttle
  drop constraint ask_throttle_scope_check, alter column scope type throttle_scope,
  drop constraint ask_throttle_target_check, alter column target type throttle_target;

alter domain transfer_kind add constraint transfer_kind_check check (value in ('account', 'momo', 'card'));
alter domain transfer_state add constraint transfer_state_check check (value in ('pending', 'executed', 'cancelled'));
alter domain transfer_cancel_reason add constraint transfer_cancel_reason_check
  check (value in ('expired', 'wrong_code', 'insufficient_funds', 'by_customer'));
alter domain transfer_amount add constraint transfer_amount_check check (value > 0);
alter domain transfer_tries add constraint transfer_tries_check check (value >= 0);
alter domain message_channel add constraint message_channel_check check (value in ('sms', 'email'));
alter domain message_state add constraint message_state_check check (value in ('pending', 'sent', 'dead'));
alter domain throttle_scope add constraint throttle_scope_check check (value in ('pin_reset', 'transfer'));
alter domain throttle_target add constraint throttle_target_check check (length(value) <= 200);
