-- The period of a local day, in date arithmetic alone. date_trunc on a date goes through a
-- timestamp with time zone, about 2.4 µs a call against 0.2: the rollup triggers call this three
-- times for every schedule and answer written, which was about a tenth of a schedule engine pass.
-- The same period as before for every day (rollups.test.ts checks twelve years of them).
CREATE OR REPLACE FUNCTION report_period(grain text, day date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE grain
    WHEN 'D' THEN day
    WHEN 'T' THEN day - (date_part('day', day)::int - 1) + least((date_part('day', day)::int - 1) / 10, 2) * 10
    ELSE day - (date_part('day', day)::int - 1) END
$$;
