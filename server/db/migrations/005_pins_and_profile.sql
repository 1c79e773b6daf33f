-- Forgotten PIN (rulings §4): a reset asked with the user code, confirmed with an 8-digit code sent
-- by SMS and e-mail, then a new PIN is sent the same way. Also the end reasons of the sessions ended
-- by a PIN reset or a PIN change.

create table pin_resets (
  id bigserial primary key,
  -- random and not guessable: the `code` of the ask answer, sent back at confirm
  reference text not null unique check (reference ~ '^[A-Z0-9]{8,64}$'),
  -- null for an ask with an unknown user code: the answer looks the same, but it can never be confirmed
  customer_id bigint references customers (id),
  -- HMAC-SHA256 of "<reference>:<code>" (hex) under the server's code secret; the code is never stored
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  tries_left integer not null default 3 check (tries_left between 0 and 3),
  status text not null default 'pending' check (status in ('pending', 'done', 'expired', 'wrong_code', 'replaced')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  finished_at timestamptz
);
create index pin_resets_customer on pin_resets (customer_id) where status = 'pending';

alter table sessions drop constraint sessions_end_reason_check;
alter table sessions add constraint sessions_end_reason_check
  check (end_reason in ('logout', 'idle', 'max', 'fault', 'blocked', 'pin_reset', 'pin_changed'));
