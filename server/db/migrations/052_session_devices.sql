-- Sessions and devices (rulings §9.4): each session keeps the browser's user agent and the client
-- address it was opened from, so that the customer can tell her sessions apart ("Chrome 131 sur
-- Windows, 197.243.12.4") and end the ones she does not recognise. The user agent is kept as sent
-- (cut to 512 characters) and read when listed (domain/user-agent.ts), so a better reading later
-- needs no migration. Sessions opened before this migration have neither.
-- A session the customer ended from another one has the end reason 'by_customer'.
alter table sessions add column user_agent text check (length(user_agent) <= 512);
alter table sessions add column address text check (length(address) <= 100);

alter table sessions drop constraint sessions_end_reason_check;
alter table sessions add constraint sessions_end_reason_check
  check (end_reason in ('logout', 'idle', 'max', 'fault', 'blocked', 'pin_reset', 'pin_changed', 'by_customer'));
