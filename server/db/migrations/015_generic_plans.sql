-- The statements of the transfer functions (014) run on generic plans. In the default mode
-- (auto) PostgreSQL plans a function's statement anew at each call while it guesses a custom plan
-- is cheaper; for the transfer's larger statements (the ask's context: a lateral union,
-- subqueries on parameters) it kept guessing so, and the planning cost more than the statement
-- itself (measured on PGlite: transfer_ask_context about 1 ms a call, about 0.4 ms with its plan
-- kept). The tables these statements read are searched by key, so the generic plan is as good;
-- the rules they apply do not depend on a plan. Set on these functions only, not for the
-- connection: other statements keep PostgreSQL's choice (resume_session's key lookups already get
-- their generic plan after five calls, and a SET clause costs a little at each call).
alter function transfer_ask_context(bigint, text, text, text, text, boolean, text, timestamptz)
  set plan_cache_mode = force_generic_plan;
alter function transfer_ask_write(integer, text, text, text, timestamptz, timestamptz, integer, integer,
  text, bigint, text, bigint, bigint, text, text, numeric, text, numeric, numeric, text, text, integer, timestamptz,
  text[], text[], text[], text[])
  set plan_cache_mode = force_generic_plan;
alter function transfer_confirm_lock(text, bigint, text, timestamptz, text)
  set plan_cache_mode = force_generic_plan;
alter function transfer_execute(bigint, bigint, bigint, numeric, text, text, text, timestamptz, text, text,
  bigint[], text[], text[], text[], text[], text[], text[])
  set plan_cache_mode = force_generic_plan;
