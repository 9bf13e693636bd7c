// The parser behind date-holidays, for rules of our own (business-calendar/public-holidays.ts).
// Its package ships types that its exports do not reach; this names the part used, with the
// shapes date-holidays itself declares.
declare module 'date-holidays-parser' {
  import type Holidays from 'date-holidays';

  export default class HolidaysParser {
    constructor(data: object, country: string);
    getHolidays: Holidays['getHolidays'];
    getTimezones: Holidays['getTimezones'];
  }
}
