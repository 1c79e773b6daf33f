-- One name per transfer kind, the contract's TransferKind (openapi/portal.yaml): account, momo,
-- card. The transfers and their ledger lines were stored as transfer, wallet, card; the portal,
-- the server and the database now say the same word, so nothing translates a kind on the way.
alter table pending_transfers drop constraint pending_transfers_kind_check;
update pending_transfers set kind = case kind when 'transfer' then 'account' when 'wallet' then 'momo' else kind end;
alter table pending_transfers add constraint pending_transfers_kind_check check (kind in ('account', 'momo', 'card'));

alter table ledger_transactions drop constraint ledger_transactions_kind_check;
update ledger_transactions set kind = case kind when 'transfer' then 'account' when 'wallet' then 'momo' else kind end;
alter table ledger_transactions add constraint ledger_transactions_kind_check
  check (kind in ('opening', 'deposit', 'withdrawal', 'payment', 'fee', 'account', 'momo', 'card'));
