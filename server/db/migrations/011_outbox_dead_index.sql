-- The metrics (server/http/metrics.ts) count dead messages at every scrape: a partial index keeps
-- that count cheap however many sent messages the outbox keeps (pending ones have outbox_due).
create index outbox_dead on outbox (id) where state = 'dead';
