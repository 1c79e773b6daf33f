-- take_ask's second lookup, the ask max places before the newest (017), finds it by the unique
-- index (scope, target, seq) whatever the table's size and whatever the plan was made on.
--
-- Its generic plan, made while ask_throttle was nearly empty (a new bank's database, the bench's
-- fresh one), took the sweep's index (scope, asked_at) instead, on PostgreSQL 15 and on PGlite:
-- for "seq = n" the two cost the same on an empty table (and with the sweep's index reordered,
-- the two databases broke the tie differently). The plan then read every ask of the scope still in
-- the table, filtering them by customer, and kept doing so as the table grew: 865 rows read for one ask, 0.23 ms of a 0.81 ms transfer_ask_write
-- (PostgreSQL 15, the bench's 10 clients, 27 November).
--
-- Now the lookup asks for the newest ask numbered n or less, in the unique index's order: no other
-- index gives that order without a sort, so the planner takes it from the first plan. The answer is
-- the same as 017's: ask n when it is there; when the sweep took it, an older ask (whose asked_at is
-- not later, so out of the window too) or none; none when fewer than max asks were ever let
-- through. Either way "v_edge > p_window_start" decides as before.
create or replace function take_ask(p_scope text, p_target text, p_window_start timestamptz, p_now timestamptz, p_max integer, p_sweep integer)
returns boolean
language plpgsql volatile
as $$
declare
  v_seq bigint;
  v_last timestamptz;
  v_edge timestamptz;
begin
  select t.seq, t.asked_at into v_seq, v_last
    from ask_throttle t where t.scope = p_scope and t.target = p_target order by t.seq desc limit 1;
  select t.asked_at into v_edge
    from ask_throttle t where t.scope = p_scope and t.target = p_target and t.seq <= v_seq - p_max + 1
    order by t.seq desc limit 1;
  if v_edge > p_window_start then
    return false;
  end if;
  insert into ask_throttle (scope, target, asked_at, seq) values (p_scope, p_target, greatest(p_now, v_last), coalesce(v_seq, 0) + 1);
  delete from ask_throttle where id in (
    select t.id from ask_throttle t where t.scope = p_scope and t.asked_at <= p_window_start order by t.asked_at limit p_sweep for update skip locked);
  return true;
end
$$;
