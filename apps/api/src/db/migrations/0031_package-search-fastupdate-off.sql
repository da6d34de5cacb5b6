-- Issue 11 speed (docs/decisions/010-packages.md "Lists and search"): the packages' trigram index
-- without GIN's pending list. With it (the default), each new parcel's trigrams were appended to
-- an unsorted list that every package search then read in full, and that autovacuum empties only
-- after 20% of the table is new (200,000 scans at a million parcels): up to 4 MB read per search,
-- and the scan that found the list full merged it into the index itself, inside receive's
-- package-number lock, stalling every station of the courier. Inserting into the index directly
-- costs about 0.1 ms more per parcel (1,000 parcels: 120 ms with the list, 240 ms without).
ALTER INDEX "packages_search_idx" SET (fastupdate = off);--> statement-breakpoint
-- What the list holds now moves into the index; later parcels go straight in.
SELECT gin_clean_pending_list('packages_search_idx'::regclass);
