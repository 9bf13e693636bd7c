-- Qatar, Kuwait, Oman and Jordan now have public holidays (business-calendar/gulf-levant-holidays.ts):
-- the years kept for them before, without any, are asked for again.
DELETE FROM "public_holiday_years" WHERE "country_code" IN ('QA', 'KW', 'OM', 'JO') AND "days" = '[]'::jsonb;
