-- My transfers (rulings §9.1): the customer's own transfers, newest first, and the cancellation of a
-- pending one by the customer.
--
-- 1. A cancellation has a fourth reason: the customer cancelled the transfer herself before giving
--    its code ('by_customer').
-- 2. The list is read in keyset pages, newest first by (created_at, id): this index answers a page
--    as one range scan of the customer's own entries, whatever the length of her history (the index
--    of 003 on (customer_id, kind, state) would read and sort every transfer she ever made; checked
--    with EXPLAIN in test/server/my-transfers.test.ts).

alter table pending_transfers drop constraint pending_transfers_cancel_reason_check;
alter table pending_transfers add constraint pending_transfers_cancel_reason_check
  check (cancel_reason in ('expired', 'wrong_code', 'insufficient_funds', 'by_customer'));

create index pending_transfers_customer_created on pending_transfers (customer_id, created_at desc, id desc);
