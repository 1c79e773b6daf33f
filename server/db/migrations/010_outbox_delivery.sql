-- Delivery of the outbox by the senders (server/delivery/): the state of each message, visible to
-- the bank. 'pending' until sent; 'sent' once the SMTP server or the SMS gateway took it; 'dead'
-- after OUTBOX_MAX_ATTEMPTS failures (a message the bank must look at). next_attempt_at is both
-- the backoff after a failure and the lease of a sender working on it, so that several server
-- processes never send one message at the same time.
alter table outbox add column state text not null default 'pending' check (state in ('pending', 'sent', 'dead'));
alter table outbox add column next_attempt_at timestamptz not null default now();
update outbox set state = 'sent' where sent_at is not null;
drop index if exists outbox_unsent;
create index outbox_due on outbox (next_attempt_at, id) where state = 'pending';
