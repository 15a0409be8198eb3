-- A version for data every checkout attempt reads and staff change rarely (the menu; the schedule: its
-- settings, hours, special dates and slot capacities). A trigger gives the data a new version in the same
-- transaction as any change to its tables, by any writer (the console, a Square catalogue sync, a
-- script), so a function instance may keep what it read until the version moves, and a change is seen
-- by the very next attempt. Versions are random, not counted up: an instance that meets another
-- database (a restored backup, a test's own) can never mistake its version for the one it kept.
CREATE TABLE data_versions (
  name text PRIMARY KEY CHECK (name IN ('menu', 'schedule')),
  version bigint NOT NULL
);

INSERT INTO data_versions (name, version)
VALUES ('menu', floor(random() * 9e18)::bigint), ('schedule', floor(random() * 9e18)::bigint);

CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = floor(random() * 9e18)::bigint WHERE name = TG_ARGV[0];
  RETURN NULL;
END
$$;

CREATE TRIGGER menu_items_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_items
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('menu');
CREATE TRIGGER ordering_settings_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ordering_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('schedule');
CREATE TRIGGER opening_hours_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON opening_hours
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('schedule');
CREATE TRIGGER special_dates_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON special_dates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('schedule');
CREATE TRIGGER slot_capacities_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON slot_capacities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('schedule');
