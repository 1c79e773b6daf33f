-- Signed download links of statement files (server/domain/download-links.ts): a link is valid once.
-- Its nonce is written here when it is used; a second use finds it and is refused. Rows outlive
-- their link by nothing: each use deletes those whose link has expired.
create table download_links_used (
  nonce text primary key,
  expires_at timestamptz not null
);
create index download_links_used_expiry on download_links_used (expires_at);
