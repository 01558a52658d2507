-- Password reset links (issue 35, "Forgot password"). Only the SHA-256 of a link's token is kept,
-- as for sessions: someone who reads this table (a backup, a leaked dump) cannot use a link.
-- A row works once (used_at) and until expires_at (PASSWORD_RESET_MINUTES after it was asked).
create table password_resets (
  token_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create index password_resets_user_idx on password_resets (user_id);
