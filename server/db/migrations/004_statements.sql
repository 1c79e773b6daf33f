-- Statement files (spec §7 statements, report/pdf, download/pdf/{id}; rulings §3): a record of the
-- statement asked for; its PDF and CSV are produced from the ledger when downloaded.

create table statement_files (
  -- random and not guessable: the `filename` of the answers, downloaded as {id}.pdf and {id}.csv
  id text primary key check (id ~ '^[A-Za-z0-9_-]{1,80}$'),
  customer_id bigint not null references customers (id),
  account_id bigint not null references accounts (id),
  start_date date not null,
  end_date date not null,
  created_at timestamptz not null,
  check (start_date <= end_date)
);
create index statement_files_customer on statement_files (customer_id);
