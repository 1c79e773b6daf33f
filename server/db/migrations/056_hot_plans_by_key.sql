-- The statements of a transfer find their rows by key, whatever the tables' sizes: never a
-- sequential scan. Their plans are made once per connection and kept (015's generic plans, and the
-- foreign keys' checks, planned the first time they run). A plan made while a table was nearly
-- empty — a new bank's database, the minute after a deployment, the bench's fresh database —
-- scanned it whole (pending_transfers by reference and for expired transfers, ask_throttle, the
-- foreign keys' checks of ledger_transactions and customers), and kept doing so as it grew, until the
-- next ANALYZE of that table invalidated the plan: on PostgreSQL 15 with the bench's 10 clients
-- (27 November), the expired transfers' check took 1.1 ms a call over a run (0.09 ms with its
-- index), the confirm 3.1 ms (1.8 with these settings), and the rate of complete transfers fell
-- from run to run (200, 148, 117 a second) as the tables grew. With sequential scans off for these
-- functions the planner takes the key's index from the first plan (a table without a usable index
-- is still scanned: the setting only makes the scan the last resort). Set on these functions only,
-- as 015 did: other statements keep PostgreSQL's choice. Not on resume_session: with scans off its
-- generic plan on a nearly empty sessions table walked the customer index instead of the token's.
alter function transfer_ask_context(bigint, text, text, text, text, boolean, text, timestamptz)
  set enable_seqscan = off;
alter function transfer_ask_write(integer, text, text, text, timestamptz, timestamptz, integer, integer,
  text, bigint, text, bigint, bigint, text, text, numeric, text, numeric, numeric, text, text, integer, timestamptz,
  text[], text[], text[], text[], text[], integer)
  set enable_seqscan = off;
alter function transfer_confirm_lock(text, bigint, text, timestamptz, text)
  set enable_seqscan = off;
alter function transfer_execute(bigint, bigint, bigint, numeric, text, text, text, timestamptz, text, text,
  bigint[], text[], text[], text[], text[], text[], text[], text[], integer)
  set enable_seqscan = off;
alter function transfer_confirm(text, bigint, text, timestamptz, text, text[], text[], text[], text, text[], integer)
  set enable_seqscan = off;
