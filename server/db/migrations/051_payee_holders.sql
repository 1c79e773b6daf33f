-- Payees named before paying (rulings §9.2): the holders of mobile-money numbers and prepaid cards
-- the bank can name, looked up by details-wallet and details-card (as details names an account's
-- holder), and shown beside those payees in used-freq/2 and My transfers.
--
-- A row per payee the bank knows, keyed as pending_transfers.payee_key keys that payee: the
-- 12-digit number (243…) of a mobile-money wallet, '<accountId>/<lastFour>' of a card — so that a
-- transfer finds its payee's holder by one index probe. A bank fills it from its networks'
-- directories; the demo seeds a few (server/demo/demo-data.ts namedWallets, namedCards). A payee
-- without a row is "not found": the transfer may still be asked (the network decides).
create table payee_holders (
  kind text not null check (kind in ('momo', 'card')),
  payee_key text not null,
  holder text not null check (length(holder) between 1 and 140),
  primary key (kind, payee_key),
  check ((kind = 'momo' and payee_key ~ '^243[0-9]{9}$') or (kind = 'card' and payee_key ~ '^[0-9]{8}/[0-9]{4}$'))
);
