// Intl formatters, made once per locale and options: building one costs far more than using it
// (a dashboard draws hundreds of dates and figures), and a time zone the runtime does not know
// is found out once, not on every call.
type Options = Intl.DateTimeFormatOptions | Intl.NumberFormatOptions;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const knownZones = new Map<string, boolean>();

const keyOf = (locale: string, options: Options) => `${locale}|${JSON.stringify(options)}`;

/** `new Intl.DateTimeFormat(locale, options)`, shared; throws as it would for an unknown zone. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** `new Intl.NumberFormat(locale, options)`, shared. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** Whether the runtime knows the IANA zone (an unknown one makes Intl throw). */
export function isKnownTimeZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      dateTimeFormat('en', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known;
}
