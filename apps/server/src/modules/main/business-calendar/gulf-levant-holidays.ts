// The public holidays of countries the maintained data set lacks (Qatar, Kuwait, Oman and Jordan),
// written in its own rule language, so its parser works them out as it does every other country:
// Hijri dates ("1 Shawwal") on their Gregorian days of the year, several-day holidays ("P3D") a
// day at a time. These are the days set by each country's law for everyone; a government's
// yearly announcement can lengthen an Eid, and an administrator adjusts the calendar for that.
const name = (en: string, ar: string) => ({ name: { en, ar } });

const EID_AL_FITR = name('Eid al-Fitr', 'عيد الفطر');
const EID_AL_ADHA = name('Eid al-Adha', 'عيد الأضحى');
const ARAFAT_DAY = name('Arafat Day', 'يوم عرفة');
const ISLAMIC_NEW_YEAR = name('Islamic New Year', 'رأس السنة الهجرية');
const PROPHETS_BIRTHDAY = name("Prophet's Birthday", 'المولد النبوي الشريف');
const ISRA_AND_MIRAJ = name("Isra and Mi'raj", 'الإسراء والمعراج');
const NEW_YEARS_DAY = name("New Year's Day", 'رأس السنة الميلادية');

export const GULF_LEVANT_HOLIDAYS = {
  holidays: {
    QA: {
      names: { en: 'Qatar', ar: 'قطر' },
      langs: ['ar', 'en'],
      zones: ['Asia/Qatar'],
      days: {
        '2nd tuesday in February since 2012': name('National Sport Day', 'اليوم الرياضي للدولة'),
        '1 Shawwal P3D': EID_AL_FITR,
        '10 Dhu al-Hijjah P3D': EID_AL_ADHA,
        '12-18': name('National Day', 'اليوم الوطني'),
      },
    },
    KW: {
      names: { en: 'Kuwait', ar: 'الكويت' },
      langs: ['ar', 'en'],
      zones: ['Asia/Kuwait'],
      days: {
        '01-01': NEW_YEARS_DAY,
        '02-25': name('National Day', 'العيد الوطني'),
        '02-26': name('Liberation Day', 'عيد التحرير'),
        '27 Rajab': ISRA_AND_MIRAJ,
        '1 Shawwal P3D': EID_AL_FITR,
        '9 Dhu al-Hijjah': ARAFAT_DAY,
        '10 Dhu al-Hijjah P3D': EID_AL_ADHA,
        '1 Muharram': ISLAMIC_NEW_YEAR,
        '12 Rabi al-awwal': PROPHETS_BIRTHDAY,
      },
    },
    OM: {
      names: { en: 'Oman', ar: 'عُمان' },
      langs: ['ar', 'en'],
      zones: ['Asia/Muscat'],
      days: {
        // A holiday by Royal Decree 88/2022.
        '01-11 since 2023': name("Sultan's Accession Day", 'ذكرى تولي السلطان مقاليد الحكم'),
        '27 Rajab': ISRA_AND_MIRAJ,
        // From 29 Ramadan to 3 Shawwal, whether Ramadan has 29 days or 30.
        '29 Ramadan P2D': EID_AL_FITR,
        '1 Shawwal P3D': EID_AL_FITR,
        '9 Dhu al-Hijjah': ARAFAT_DAY,
        '10 Dhu al-Hijjah P3D': EID_AL_ADHA,
        '1 Muharram': ISLAMIC_NEW_YEAR,
        '12 Rabi al-awwal': PROPHETS_BIRTHDAY,
        // Two days: 18 and 19 November (Royal Decree 56/2020), 20 and 21 November from 2025 (Royal Decree 15/2025).
        '11-18 P2D since 2020 and prior to 2025': name('National Day', 'العيد الوطني'),
        '11-20 P2D since 2025': name('National Day', 'العيد الوطني'),
      },
    },
    JO: {
      names: { en: 'Jordan', ar: 'الأردن' },
      langs: ['ar', 'en'],
      zones: ['Asia/Amman'],
      days: {
        '01-01': NEW_YEARS_DAY,
        '05-01': name('Labour Day', 'عيد العمال'),
        '05-25': name('Independence Day', 'عيد الاستقلال'),
        '12-25': name('Christmas Day', 'عيد الميلاد المجيد'),
        '27 Rajab': ISRA_AND_MIRAJ,
        '1 Shawwal P3D': EID_AL_FITR,
        '9 Dhu al-Hijjah': ARAFAT_DAY,
        '10 Dhu al-Hijjah P3D': EID_AL_ADHA,
        '1 Muharram': ISLAMIC_NEW_YEAR,
        '12 Rabi al-awwal': PROPHETS_BIRTHDAY,
      },
    },
  },
};

/** The countries this file adds. */
export const ADDED_COUNTRIES: ReadonlySet<string> = new Set(Object.keys(GULF_LEVANT_HOLIDAYS.holidays));
