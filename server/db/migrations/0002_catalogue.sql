-- Rate-book search (spec 000 s5/s7, 002 s3 'Refine filter payload'). Every search is limited to one country,
-- one annual distance and a lease-term range (the "slice": one row per vehicle and term), then filtered and
-- sorted. One covering index holds the slice key plus every filter and sort column, so both the exact count
-- and the ordered list of a page's ids are index-only scans of the slice; only the page's rows (at most 100)
-- are then read from the table. The search needs a vacuumed table for index-only scans (the seed and any
-- bulk import end with VACUUM ANALYZE; autovacuum keeps it so on PostgreSQL).
DROP INDEX IF EXISTS ratebook_desc_idx;
DROP INDEX IF EXISTS ratebook_week_idx;
DROP INDEX IF EXISTS ratebook_price_idx;
CREATE INDEX ratebook_slice_idx ON ratebook (country_code, distance, duration)
  INCLUDE (vehicle_make, vehicle_model, vehicle_fueltype, vehicle_bodytype, cab_type, vehicle_nrofseats, vehicle_drivetrain,
           vehicle_transmissiongroup, catalog_vehicle_id, consumer_price, week_leaseprice, month_leaseprice, vehicle_description, id);
