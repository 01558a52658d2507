-- Product photos uploaded by the staff, kept in the database so every process serving the store
-- sees the same files. Content-addressed: the key is the SHA-256 of the stored WebP, so the same
-- picture uploaded twice is one row, and its URL never changes meaning (immutable caching).
-- One statement per ";" at a line end (see migrate.ts).

create table product_images (
  hash text primary key check (hash ~ '^[0-9a-f]{64}$'),
  content_type text not null default 'image/webp',
  bytes bytea not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  created_at timestamptz not null default now()
);
