-- Issue 11/12 speed (docs/decisions/010-packages.md "Public tracking"): rate-limit counters are
-- written on every public tracking lookup, all hits of one address on one row. Logged, each hit's
-- commit waited for its WAL flush while holding that row, so concurrent lookups queued behind
-- each other's fsync. The counters are worth nothing after a crash (a window lasts a minute), so
-- the table is unlogged: it survives a clean restart, is emptied after a crash, and is not copied
-- to a standby (a failover starts every window afresh).
ALTER TABLE "rate_limits" SET UNLOGGED;
