-- 054's outbox_write, the same statement and answer, in PL/pgSQL. It was the one function of the
-- transfer paths written in SQL: called from PL/pgSQL (transfer_ask_write, transfer_execute), a SQL
-- function's body is parsed, analysed and planned again at each transaction (PostgreSQL keeps no plan
-- of it across calls before version 18), and every ask and every executed confirm calls it. A
-- PL/pgSQL body's statement keeps its plan for the connection's life, as the functions calling it do.
create or replace function outbox_write(
  p_now timestamptz, p_channels text[], p_recipients text[], p_subjects text[], p_bodies text[],
  p_leased text[], p_lease_seconds integer
) returns bigint[]
language plpgsql volatile
as $$
declare
  v_ids bigint[];
begin
  with written as (
    insert into outbox (channel, recipient, subject, body, created_at, attempts, next_attempt_at)
    select m.channel, m.recipient, m.subject, m.body, p_now,
           case when m.channel = any (p_leased) then 1 else 0 end,
           case when m.channel = any (p_leased) then now() + make_interval(secs => p_lease_seconds) else now() end
      from unnest(p_channels, p_recipients, p_subjects, p_bodies) with ordinality as m (channel, recipient, subject, body, ord)
     order by m.ord
    returning id)
  select coalesce(array_agg(id order by id), '{}') into v_ids from written;
  return v_ids;
end
$$;
