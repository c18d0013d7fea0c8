import SQLshCore
import Testing

/// ``CivilDays`` against a calendar walked one day at a time, and against the textbook
/// era/year-of-era algorithm far from today (its own range ends).
@Suite struct CivilDaysTests {
    static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func monthLength(_ year: Int64, _ month: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's days-from-civil, the algorithm CivilDays used before.
    static func referenceDays(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    @Test func everyDayFrom1600To2400() {
        var days = CivilDays.daysSince1970(year: 1600, month: 1, day: 1)
        #expect(days == -135_140)
        for year: Int64 in 1600...2400 {
            var dayOfYear: Int64 = 1
            for month: Int64 in 1...12 {
                for day in 1...Self.monthLength(year, month) {
                    let date = CivilDays.ordinalDate(daysSince1970: days)
                    #expect(date == (year, month, day, dayOfYear), "day \(days)")
                    #expect(CivilDays.daysSince1970(year: year, month: month, day: day) == days)
                    days += 1
                    dayOfYear += 1
                }
            }
        }
    }

    @Test func knownDates() {
        #expect(CivilDays.daysSince1970(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilDays.daysSince1970(year: 2000, month: 3, day: 1) == 11017)
        #expect(CivilDays.date(daysSince1970: 11017) == (2000, 3, 1))
        #expect(CivilDays.ordinalDate(daysSince1970: -719_162) == (1, 1, 1, 1))  // 0001-01-01
        #expect(CivilDays.ordinalDate(daysSince1970: -719_163) == (0, 12, 31, 366))  // year 0 is leap
        // Month 0 is the December before, 13 and 14 the next January and February; days carry.
        #expect(CivilDays.daysSince1970(year: 2000, month: 0, day: 31) == CivilDays.daysSince1970(year: 1999, month: 12, day: 31))
        #expect(CivilDays.daysSince1970(year: 2000, month: 14, day: 1) == CivilDays.daysSince1970(year: 2001, month: 2, day: 1))
        #expect(CivilDays.daysSince1970(year: 2001, month: 2, day: 29) == CivilDays.daysSince1970(year: 2001, month: 3, day: 1))
        #expect(CivilDays.daysSince1970(year: 2001, month: 3, day: 0) == CivilDays.daysSince1970(year: 2001, month: 2, day: 28))
    }

    /// Far years, to the ends of the documented ranges: the date of a day count round-trips,
    /// and the day count of a date matches the reference.
    @Test func farYearsRoundTrip() {
        var generator = SystemRandomNumberGenerator()
        var samples: [Int64] = [1_000_000_000_000, -1_000_000_000_000, 999_999_999_999, -999_999_999_999]
        for _ in 0..<20_000 { samples.append(Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &generator)) }
        for year in samples {
            for month: Int64 in [0, 1, 2, 3, 7, 12, 13, 14] {
                for day: Int64 in [1, 28, 29, 31, -5] {
                    let days = CivilDays.daysSince1970(year: year, month: month, day: day)
                    #expect(days == Self.referenceDays(year: year, month: month, day: day), "\(year)-\(month)-\(day)")
                }
            }
            let days = CivilDays.daysSince1970(year: year, month: 3, day: 1)
            #expect(CivilDays.date(daysSince1970: days) == (year, 3, 1))
            #expect(CivilDays.date(daysSince1970: days - 1).day == (Self.isLeap(year) ? 29 : 28))
        }
        // Day counts of int64 seconds (±1.07 × 10^14 days) and beyond, to ±2 × 10^18.
        for days: Int64 in [Int64.max / 86_400, Int64.min / 86_400 - 1, 2_000_000_000_000_000_000, -2_000_000_000_000_000_000] {
            let date = CivilDays.ordinalDate(daysSince1970: days)
            #expect(CivilDays.daysSince1970(year: date.year, month: date.month, day: date.day) == days || date.year.magnitude > 1_000_000_000_000)
            #expect((1...12).contains(date.month) && (1...31).contains(date.day) && (1...366).contains(date.dayOfYear))
        }
    }
}
